package org.reusedetector.cli;

import java.nio.file.NoSuchFileException;
import org.reusedetector.config.ConfigException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code java -jar reuse-detector.jar <command>}: the detector's command-line interface. */
@Command(
        name = "reuse-detector",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Exact detection of content reuse on the web: chunk hashes, labelled sets, bad neighborhoods.",
        subcommands = {
            CommandLine.HelpCommand.class,
            StreamCommand.class,
            LabelCommand.class,
            DetectCommand.class,
            IndexCommand.class,
            DiscoverCommand.class,
            LexiconCommand.class,
            NearDupsCommand.class,
            ReportCommand.class,
            PhrasesCommand.class,
            QuiltsCommand.class,
        })
public final class Main {

    /**
     * Pekko's own JVM shutdown hook, off unless set: a command exits while the local mini cluster of its job is still
     * closing (Flink closes it after the job's result), and an actor system that terminates then cannot register its
     * hook any more and warns on stderr ("Could not addJvmShutdownHook"). The mini cluster closes its actor systems
     * itself.
     */
    static final String PEKKO_JVM_HOOK = "pekko.coordinated-shutdown.run-by-jvm-shutdown-hook";

    public static void main(String[] args) {
        EmbeddedJvm.mainArguments(args);
        if (System.getProperty(PEKKO_JVM_HOOK) == null) {
            System.setProperty(PEKKO_JVM_HOOK, "off");
        }
        System.exit(run(args));
    }

    /**
     * The {@code benchmark} command: compiled from a source set of its own ({@code src/bench/java}) into the same jar,
     * which the product's sources do not import; found here by its name.
     */
    static final String BENCHMARK_COMMAND = "org.reusedetector.benchmark.BenchmarkCommand";

    /** The command line with every command, and {@code benchmark} where the jar holds it. */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new Main());
        try {
            commandLine.addSubcommand(Class.forName(BENCHMARK_COMMAND));
        } catch (ClassNotFoundException absent) {
            // a build without the benchmark source set: the product's commands alone
        }
        return commandLine;
    }

    public static int run(String... args) {
        CommandLine commandLine = commandLine();
        commandLine.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof NoSuchFileException missing) { // a user's typo, not a defect: no stack trace
                cmd.getErr()
                        .println(cmd.getColorScheme()
                                .errorText("error: no such file or directory: " + missing.getFile()));
                return 2;
            }
            cmd.getErr().println(cmd.getColorScheme().errorText("error: " + e.getMessage()));
            if (!(e instanceof ConfigException || e instanceof IllegalArgumentException)) {
                e.printStackTrace(cmd.getErr());
            }
            return 2;
        });
        return commandLine.execute(args);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = Main.class.getPackage().getImplementationVersion();
            return new String[] {"reuse-detector " + (version == null ? "dev" : version)};
        }
    }
}
