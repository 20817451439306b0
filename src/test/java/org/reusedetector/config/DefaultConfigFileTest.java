package org.reusedetector.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.configuration.ConfigOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** config/reuse-detector.yaml documents every option with its default: this test keeps the two from drifting apart. */
class DefaultConfigFileTest {

    private static final Path FILE = Path.of(System.getProperty("basedir", "."), "config", "reuse-detector.yaml");

    /** A leaf line of the file, set or commented out: indentation, optional '#', key, value. */
    private static final Pattern LEAF = Pattern.compile("^(\\s*)(#\\s?)?([a-z0-9][a-z0-9.-]*):\\s+(\\S.*)$");

    private static Set<String> keysIn(String yaml) throws IOException {
        JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(yaml);
        Set<String> keys = new LinkedHashSet<>();
        flatten("", root, keys);
        return keys;
    }

    private static void flatten(String prefix, JsonNode node, Set<String> out) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                flatten(prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey(), field.getValue(), out);
            }
        } else {
            out.add(prefix);
        }
    }

    private static String leafName(ConfigOption<?> option) {
        return option.key().substring(option.key().lastIndexOf('.') + 1);
    }

    /** The file with the commented-out examples of options without default made live. */
    private static String withOptionalOptionsUncommented(String text) {
        Set<String> optionalLeaves = new LinkedHashSet<>();
        for (ConfigOption<?> option : ReuseDetectorOptions.all()) {
            if (!option.hasDefaultValue()) {
                optionalLeaves.add(leafName(option));
            }
        }
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            Matcher m = LEAF.matcher(line);
            if (m.matches() && m.group(2) != null && optionalLeaves.contains(m.group(3))) {
                lines.add(m.group(1) + m.group(3) + ": " + m.group(4));
            } else {
                lines.add(line);
            }
        }
        return String.join("\n", lines);
    }

    @Test
    void fileExists() {
        assertThat(FILE).isRegularFile();
    }

    @Test
    void everyOptionWithADefaultIsSetToItsDefault() throws IOException {
        ReuseDetectorConfig config = ReuseDetectorConfig.load(FILE, List.of());
        Set<String> keys = keysIn(Files.readString(FILE));
        for (ConfigOption<?> option : ReuseDetectorOptions.all()) {
            if (option.hasDefaultValue()) {
                assertThat(keys).as("key %s in %s", option.key(), FILE).contains(option.key());
                assertThat((Object) config.get(option))
                        .as("value of %s in %s", option.key(), FILE)
                        .isEqualTo(option.defaultValue());
            }
        }
    }

    @Test
    void optionsWithoutDefaultAreShownCommentedOut(@TempDir Path dir) throws IOException {
        String text = Files.readString(FILE);
        Set<String> live = keysIn(text);
        Set<String> uncommented = keysIn(withOptionalOptionsUncommented(text));
        ReuseDetectorConfig example = ReuseDetectorConfig.load(
                Files.writeString(dir.resolve("uncommented.yaml"), withOptionalOptionsUncommented(text)), List.of());
        for (ConfigOption<?> option : ReuseDetectorOptions.all()) {
            if (!option.hasDefaultValue()) {
                assertThat(live)
                        .as("%s has no default: commented out", option.key())
                        .doesNotContain(option.key());
                assertThat(uncommented)
                        .as("%s shown (commented out) at its place", option.key())
                        .contains(option.key());
                assertThat(example.getOptional(option))
                        .as("example value of %s is valid", option.key())
                        .isPresent();
            }
        }
        assertThat(ReuseDetectorConfig.load(FILE, List.of()).getOptional(ReuseDetectorOptions.STOP_FILE))
                .isEmpty();
    }

    @Test
    void fileHoldsNoOtherKeys() throws IOException {
        Set<String> known = new LinkedHashSet<>();
        ReuseDetectorOptions.all().forEach(o -> known.add(o.key()));
        for (String key : keysIn(withOptionalOptionsUncommented(Files.readString(FILE)))) {
            assertThat(known).as("key %s of %s is an option", key, FILE).contains(key);
        }
    }

    @Test
    void everyOptionHasAOneLineCommentAboveIt() throws IOException {
        List<String> lines = Files.readAllLines(FILE);
        Set<String> described = new LinkedHashSet<>();
        for (int i = 1; i < lines.size(); i++) {
            Matcher m = LEAF.matcher(lines.get(i));
            if (!m.matches()) {
                continue;
            }
            String above = lines.get(i - 1).trim();
            boolean aboveIsComment =
                    above.startsWith("#") && !LEAF.matcher(lines.get(i - 1)).matches();
            if (aboveIsComment && above.length() > 10) {
                described.add(m.group(3));
            }
        }
        for (ConfigOption<?> option : ReuseDetectorOptions.all()) {
            assertThat(described).as("comment above %s", option.key()).contains(leafName(option));
        }
    }

    @Test
    void fileOverriddenBySetStillWorks() {
        ReuseDetectorConfig config =
                ReuseDetectorConfig.load(FILE, List.of("scoring.page-threshold=0.3", "flink.parallelism.default=1"));
        assertThat(config.get(ReuseDetectorOptions.PAGE_THRESHOLD)).isEqualTo(0.3);
        assertThat(config.get(ReuseDetectorOptions.MAX_EVIDENCE))
                .isEqualTo(ReuseDetectorOptions.MAX_EVIDENCE.defaultValue());
        assertThat(config.flinkConfiguration().toMap()).containsEntry("parallelism.default", "1");
    }
}
