package org.reusedetector.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What every {@code package-info.java} says its package may import ({@code <p>Project imports: ...}: a list of
 * {@code {@code package}} names, {@code none} or {@code any}), checked against what its classes use. A package-info's
 * prose says why; this line is the rule, so that the rules cannot drift from the code unnoticed.
 */
class PackageRulesTest {

    private static final String ROOT = "org.reusedetector";
    private static final Path SOURCES = Path.of("src/main/java", ROOT.split("\\."));
    private static final Pattern RULE =
            Pattern.compile("<p>Project imports:(.*?)(?:\\*/|\\n \\*\\s*\\n|\\n \\* <p>)", Pattern.DOTALL);
    private static final Pattern CODE = Pattern.compile("\\{@code ([a-z.]+)\\}");

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    /** A package's rule: the project packages it may use, or {@code null} for any. */
    static Map<String, Set<String>> rules() throws IOException {
        Map<String, Set<String>> rules = new TreeMap<>();
        List<Path> infos;
        try (Stream<Path> files = Files.walk(SOURCES)) {
            infos = files.filter(f -> f.getFileName().toString().equals("package-info.java"))
                    .toList();
        }
        for (Path info : infos) {
            String pkg = SOURCES.relativize(info.getParent()).toString().replace('/', '.');
            Matcher rule = RULE.matcher(Files.readString(info));
            if (!rule.find()) {
                rules.put(pkg, Set.of("<no rule>"));
                continue;
            }
            String text = rule.group(1).replaceAll("\\s*\\n\\s*\\*", " ").trim();
            if (text.equals("any.")) {
                rules.put(pkg, null);
                continue;
            }
            Set<String> allowed = new TreeSet<>();
            Matcher code = CODE.matcher(text);
            while (code.find()) {
                allowed.add(code.group(1));
            }
            if (allowed.isEmpty() && !text.equals("none.")) {
                allowed.add("<unreadable rule: " + text + ">");
            }
            rules.put(pkg, allowed);
        }
        return rules;
    }

    /** Uses of a project package that its rule does not allow, as {@code "from -> to (class)"}. */
    static List<String> violations(JavaClasses classes, Map<String, Set<String>> rules) {
        List<String> found = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JavaClass c : classes) {
            String from = relative(c.getPackageName());
            if (from == null || !rules.containsKey(from) || rules.get(from) == null) {
                continue;
            }
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String to = relative(d.getTargetClass().getPackageName());
                if (to == null || to.equals(from) || rules.get(from).contains(to)) {
                    continue;
                }
                String violation = from + " -> " + to + " (" + c.getName() + " uses "
                        + d.getTargetClass().getName() + ")";
                if (seen.add(from + " -> " + to)) {
                    found.add(violation);
                }
            }
        }
        return found;
    }

    private static String relative(String pkg) {
        return pkg.startsWith(ROOT + ".") ? pkg.substring(ROOT.length() + 1) : null;
    }

    @Test
    void everyPackageStatesItsRule() throws IOException {
        Map<String, Set<String>> rules = rules();
        assertThat(rules).isNotEmpty().allSatisfy((pkg, allowed) -> {
            if (allowed != null) { // null: any
                assertThat(allowed).as(pkg).doesNotContain("<no rule>").noneMatch(a -> a.startsWith("<unreadable"));
            }
        });
        assertThat(rules.values())
                .filteredOn(a -> a != null)
                .allSatisfy(allowed -> assertThat(allowed)
                        .allSatisfy(a -> assertThat(rules)
                                .as("a package named in a rule exists")
                                .containsKey(a)));
    }

    @Test
    void everyPackageImportsOnlyWhatItsPackageInfoAllows() throws IOException {
        assertThat(violations(MAIN, rules())).isEmpty();
    }

    @Test
    void aForbiddenImportIsFound() throws IOException {
        Map<String, Set<String>> rules = rules();
        Map<String, Set<String>> narrowed = new TreeMap<>(rules);
        Set<String> page = new TreeSet<>(rules.get("page"));
        page.remove("model"); // page does use model (PageRecord): forbidding it must be reported
        narrowed.put("page", page);
        assertThat(violations(MAIN, narrowed)).anySatisfy(v -> assertThat(v).startsWith("page -> model"));
    }
}
