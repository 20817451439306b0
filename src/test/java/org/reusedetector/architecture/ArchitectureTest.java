package org.reusedetector.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layering the packages promise in their {@code package-info.java}: no cycles between packages, no Flink in the
 * domain code, no stream or function code in the commands.
 */
class ArchitectureTest {

    private static final String ROOT = "org.reusedetector";

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    /**
     * Slices are the top-level packages. {@code signal} and each signal's package ({@code signal.imatch}, ...) are one
     * slice: plug-ins of the detection topology, which import {@code detection} (the seam, {@code DetectionSignal}) and
     * are never imported by it.
     */
    private static final SliceAssignment TOP_LEVEL_PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String pkg = javaClass.getPackageName();
            if (!pkg.startsWith(ROOT + ".")) {
                return SliceIdentifier.ignore();
            }
            if (pkg.startsWith(ROOT + ".signal.")) {
                return SliceIdentifier.of("signal");
            }
            String rest = pkg.substring(ROOT.length() + 1);
            int dot = rest.indexOf('.');
            return SliceIdentifier.of(dot < 0 ? rest : rest.substring(0, dot));
        }

        @Override
        public String getDescription() {
            return "top-level packages of " + ROOT;
        }
    };

    /**
     * Domain code: plain Java, tested without Flink. Discovery's rules are domain code; its workflow and functions are
     * not. In a signal's package, all but its Flink functions and its {@code DetectionSignal} is domain code: its page
     * part runs in the parse step's pass, and its logic is tested without Flink.
     */
    private static final DescribedPredicate<JavaClass> DOMAIN =
            new DescribedPredicate<>(
                    "domain classes (page, url, score, labels, model, imatch, shingle, the signals' plain parts, discovery rules)") {
                @Override
                public boolean test(JavaClass c) {
                    String pkg = c.getPackageName();
                    if (pkg.equals(ROOT + ".discover")) {
                        String name = c.getSimpleName().isEmpty() ? c.getName() : c.getName();
                        return !name.startsWith(ROOT + ".discover.DiscoveryWorkflow")
                                && !name.startsWith(ROOT + ".discover.DiscoveryFunctions");
                    }
                    if (pkg.startsWith(ROOT + ".signal.")) {
                        return !signalFlinkSide(c);
                    }
                    return Stream.of("page", "url", "score", "labels", "model", "imatch", "shingle")
                            .anyMatch(p -> pkg.equals(ROOT + "." + p));
                }
            };

    /**
     * A signal's Flink functions and operators, the state formats of their state, its {@code DetectionSignal} and its
     * options (typed with Flink's {@code ConfigOption}, as in {@code config}), with their nested and anonymous classes.
     */
    private static boolean signalFlinkSide(JavaClass c) {
        JavaClass top = c;
        while (top.getEnclosingClass().isPresent()) {
            top = top.getEnclosingClass().get();
        }
        return top.isAssignableTo("org.apache.flink.api.common.functions.Function")
                || top.isAssignableTo("org.apache.flink.streaming.api.operators.StreamOperator")
                || top.isAssignableTo(ROOT + ".state.StateFormat")
                || top.isAssignableTo(ROOT + ".detection.DetectionSignal")
                || top.getSimpleName().endsWith("Options");
    }

    @Test
    void packagesAreFreeOfCycles() {
        slices().assignedFrom(TOP_LEVEL_PACKAGES).should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void domainCodeDoesNotUseFlink() {
        noClasses()
                .that(DOMAIN)
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.apache.flink..")
                .check(MAIN);
    }

    @Test
    void aSignalIsOnePackageNamedInOnePlace() {
        noClasses()
                .that()
                .resideOutsideOfPackage(ROOT + ".signal.*..")
                .and()
                .doNotHaveFullyQualifiedName(ROOT + ".signal.Signals")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(ROOT + ".signal.*..")
                .because(
                        "the topology and the jobs reach the signals through the seam (detection.DetectionSignal) and the one list,"
                                + " signal.Signals")
                .check(MAIN);
        slices().matching(ROOT + ".signal.(*)..")
                .should()
                .notDependOnEachOther()
                .because("a signal's package moves, or goes, on its own")
                .check(MAIN);
    }

    @Test
    void commandsOnlyWireTheEnds() {
        noClasses()
                .that()
                .resideInAPackage(ROOT + ".cli")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.apache.flink.streaming.api.datastream..",
                        "org.apache.flink.api.common.functions..",
                        "org.apache.flink.streaming.api.functions..",
                        "org.apache.flink.api.common.state..",
                        "org.apache.flink.api.connector..",
                        "org.apache.flink.connector..")
                .because("commands wire sources and sinks through the workflows; the topology is the workflows' own")
                .check(MAIN);
    }

    @Test
    void theProductDoesNotUseTheBenchmarks() {
        noClasses()
                .that()
                .resideOutsideOfPackages(ROOT + ".benchmark..", ROOT + ".cluster..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(ROOT + ".benchmark..", ROOT + ".cluster..")
                .because("the benchmarks and the standalone cluster they and the cluster test start are a source set of"
                        + " their own (src/bench/java) on top of the product; cli.Main adds the benchmark command by its"
                        + " class name")
                .check(MAIN);
    }

    @Test
    void configDoesNotKnowItsUsers() {
        noClasses()
                .that()
                .resideInAPackage(ROOT + ".config")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        ROOT + ".discover..",
                        ROOT + ".detection..",
                        ROOT + ".stream..",
                        ROOT + ".batch..",
                        ROOT + ".cli..")
                .check(MAIN);
    }

    @Test
    void everyPackageSaysWhatItHoldsAndMayImport() throws IOException {
        Path sources = Path.of("src/main/java", ROOT.split("\\."));
        List<Path> packages;
        try (Stream<Path> dirs = Files.walk(sources)) {
            packages = dirs.filter(Files::isDirectory)
                    .filter(ArchitectureTest::holdsJava)
                    .toList();
        }
        assertThat(packages)
                .isNotEmpty()
                .allSatisfy(dir -> assertThat(dir.resolve("package-info.java"))
                        .as("package-info of %s", dir)
                        .exists());
    }

    private static boolean holdsJava(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(f -> f.toString().endsWith(".java"));
        } catch (IOException e) {
            return false;
        }
    }
}
