package org.reusedetector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.reusedetector.config.ConfigException;
import org.reusedetector.config.ReuseDetectorConfig;
import picocli.CommandLine;

/**
 * docker-compose.yml and k8s/*.yaml start the detector with options of their own: every subcommand they name,
 * every flag they pass and every {@code --set key=value} must exist, or a deployment fails at start (or,
 * worse, a renamed option is silently left out of a YAML nobody runs in CI).
 */
class DeploymentFilesTest {

    private static final Path BASE = Path.of(System.getProperty("basedir", "."));
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void everyJobOptionTheDeploymentFilesPassExists() throws IOException {
        List<Invocation> invocations = new ArrayList<>();
        for (Path file : deploymentFiles()) {
            for (JsonNode document : documents(file)) {
                collectStrings(document, text -> invocations.addAll(Invocation.find(file, text)));
            }
        }
        // the streaming job in compose and on Kubernetes, discovery and the report in the cron job
        assertThat(invocations).extracting(Invocation::command).contains("stream", "discover", "report");
        assertThat(invocations)
                .filteredOn(i -> i.file().endsWith("docker-compose.yml"))
                .isNotEmpty();

        CommandLine main = Main.commandLine();
        List<String> errors = new ArrayList<>();
        for (Invocation invocation : invocations) {
            CommandLine command = main.getSubcommands().get(invocation.command());
            List<String> sets = new ArrayList<>();
            for (int i = 0; i < invocation.tokens().size(); i++) {
                String token = invocation.tokens().get(i);
                if (!token.startsWith("--")) {
                    continue;
                }
                String flag = token.contains("=") ? token.substring(0, token.indexOf('=')) : token;
                if (command.getCommandSpec().findOption(flag) == null) {
                    errors.add(invocation.file() + ": '" + invocation.command() + "' has no option " + flag);
                }
                if (flag.equals("--set") && i + 1 < invocation.tokens().size()) {
                    sets.add(invocation.tokens().get(i + 1));
                }
            }
            try {
                // placeholders of the shell (${VAR}) are values, never keys: the keys are checked as written
                ReuseDetectorConfig.load(
                        null,
                        sets.stream()
                                .map(s -> s.replaceAll("\\$\\{?[A-Za-z_]+}?", "x"))
                                .toList());
            } catch (ConfigException e) {
                errors.add(invocation.file() + ": " + invocation.command() + " " + sets + ": " + e.getMessage());
            }
        }
        assertThat(errors).isEmpty();
    }

    @Test
    void anUnknownOptionInADeploymentFileIsFound() {
        List<Invocation> found = Invocation.find(
                Path.of("x.yaml"),
                "java -jar reuse-detector.jar stream --set kafka.bootstrap-server=kafka:9092 --bogus");
        assertThat(found)
                .singleElement()
                .satisfies(i -> assertThat(i.tokens())
                        .containsExactly("--set", "kafka.bootstrap-server=kafka:9092", "--bogus"));
        assertThat(Main.commandLine()
                        .getSubcommands()
                        .get("stream")
                        .getCommandSpec()
                        .findOption("--bogus"))
                .isNull();
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> ReuseDetectorConfig.load(null, List.of("kafka.bootstrap-server=kafka:9092")))
                .isInstanceOf(ConfigException.class);
    }

    private static List<Path> deploymentFiles() throws IOException {
        List<Path> files = new ArrayList<>(List.of(BASE.resolve("docker-compose.yml")));
        try (Stream<Path> k8s = Files.list(BASE.resolve("k8s"))) {
            k8s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
                    .sorted()
                    .forEach(files::add);
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(3);
        return files;
    }

    private static List<JsonNode> documents(Path file) throws IOException {
        try (MappingIterator<JsonNode> docs = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
            return docs.readAll();
        }
    }

    /** Every string of the document, and every list of strings joined (a Kubernetes args list is one command). */
    private static void collectStrings(JsonNode node, java.util.function.Consumer<String> sink) {
        if (node.isTextual()) {
            sink.accept(node.asText());
        } else if (node.isArray()
                && node.size() > 0
                && java.util.stream.StreamSupport.stream(node.spliterator(), false)
                        .allMatch(JsonNode::isTextual)) {
            List<String> items = new ArrayList<>();
            node.forEach(item -> items.add(item.asText()));
            sink.accept(String.join(" ", items));
        } else {
            node.forEach(child -> collectStrings(child, sink));
        }
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                if (field.getValue().isArray()) {
                    continue; // visited above
                }
            }
        }
    }

    /** One start of the detector found in a file: the subcommand and the tokens that follow it. */
    record Invocation(String file, String command, List<String> tokens) {

        private static final List<String> COMMANDS =
                List.of("stream", "label", "detect", "index", "discover", "report", "benchmark");
        private static final List<String> ENDS = List.of("&&", "||", ";", "java", "ln", "[", "]", "|");

        /** Invocations in a command text: a subcommand right after the jar, the main class or a bash array's '('. */
        static List<Invocation> find(Path file, String text) {
            String[] tokens = text.replace("\\\n", " ").replace("\"", "").split("\\s+");
            List<Invocation> found = new ArrayList<>();
            for (int i = 1; i < tokens.length; i++) {
                String command = tokens[i].startsWith("(") ? tokens[i].substring(1) : tokens[i];
                boolean afterLauncher = tokens[i - 1].endsWith("reuse-detector.jar")
                        || tokens[i - 1].equals("org.reusedetector.cli.Main")
                        || tokens[i].startsWith("args=(")
                        || tokens[i].startsWith("(");
                if (tokens[i].startsWith("args=(")) {
                    command = tokens[i].substring("args=(".length());
                }
                if (!afterLauncher || !COMMANDS.contains(command)) {
                    continue;
                }
                List<String> args = new ArrayList<>();
                for (int j = i + 1; j < tokens.length && !ENDS.contains(tokens[j]); j++) {
                    String token = tokens[j];
                    boolean last = token.endsWith(")");
                    token = last ? token.substring(0, token.length() - 1) : token;
                    if (!token.isEmpty()) {
                        args.add(token);
                    }
                    if (last) {
                        break;
                    }
                }
                found.add(new Invocation(file.getFileName().toString(), command, args));
            }
            return found;
        }
    }
}
