package org.reusedetector.cli;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * The JVM of the embedded default, sized for the machine it runs on. Started as {@code java -jar} with no heap setting,
 * a JVM may grow its heap to a quarter of the machine's memory, though the stream's live data stays far below that: the
 * garbage collector keeps what it could free while it has room. So {@code stream} on its embedded broker and mini
 * cluster runs again in a child JVM with a heap of {@link #heapBytes}, unless the command line sets the heap itself
 * ({@code -Xmx}, {@code -XX:MaxRAMPercentage}, ...) or {@code REUSE_DETECTOR_RELAUNCH=false}. The child inherits the
 * terminal; a signal to this JVM is passed on to it.
 */
final class EmbeddedJvm {

    /** Set in the child, so that it never starts another. */
    static final String RELAUNCHED_PROPERTY = "reuse-detector.relaunched";

    private static final long MIB = 1024L * 1024;
    private static final List<String> HEAP_FLAGS =
            List.of("-Xmx", "-XX:MaxHeapSize", "-XX:MaxRAMPercentage", "-XX:MaxRAMFraction", "-XX:MaxRAM=");

    /** The arguments {@code main} was started with, or {@code null} when the command runs in a caller's JVM (tests). */
    private static volatile String[] mainArguments;

    private EmbeddedJvm() {}

    static void mainArguments(String[] args) {
        mainArguments = args.clone();
    }

    /**
     * The heap of the embedded default: a quarter of the machine's memory, at least 256 MiB and at most 1 GiB, which
     * holds the stream's live data with room to spare (docs/benchmarks.md); a larger labelled set in broadcast mode
     * needs {@code -Xmx} of its own (docs/operations.md).
     */
    static long heapBytes(long physicalBytes) {
        return Math.max(256 * MIB, Math.min(1024 * MIB, physicalBytes / 4));
    }

    /** Runs this command again in a child JVM with a sized heap, and returns its exit code; empty when it does not. */
    static OptionalInt relaunchIfUnsized() {
        String[] args = mainArguments;
        if (args == null
                || System.getProperty(RELAUNCHED_PROPERTY) != null
                || "false".equalsIgnoreCase(System.getenv("REUSE_DETECTOR_RELAUNCH"))) {
            return OptionalInt.empty();
        }
        List<String> jvmArguments = ManagementFactory.getRuntimeMXBean().getInputArguments();
        if (jvmArguments.stream().anyMatch(a -> HEAP_FLAGS.stream().anyMatch(a::startsWith))) {
            return OptionalInt.empty();
        }
        Optional<String> java = ProcessHandle.current().info().command();
        String classPath = System.getProperty("java.class.path");
        if (java.isEmpty() || classPath == null || classPath.isBlank()) {
            return OptionalInt.empty();
        }
        long physical = physicalMemory();
        List<String> command = new ArrayList<>();
        command.add(java.get());
        command.add("-Xmx" + heapBytes(physical) / MIB + "m");
        command.addAll(jvmArguments);
        command.add("-D" + RELAUNCHED_PROPERTY + "=true");
        command.add("-cp");
        command.add(classPath);
        command.add(Main.class.getName());
        command.addAll(List.of(args));
        System.out.printf(
                "Embedded default: a JVM with a heap of %d MiB (-Xmx on the command line sets another)%n",
                heapBytes(physical) / MIB);
        System.out.flush();
        try {
            Process child = new ProcessBuilder(command).inheritIO().start();
            Thread passOn = new Thread(() -> {
                // Ctrl-C reaches both JVMs; a signal to this one alone (kill, a container's stop) is passed on
                child.destroy();
                try {
                    child.waitFor(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            Runtime.getRuntime().addShutdownHook(passOn);
            int exit = child.waitFor();
            Runtime.getRuntime().removeShutdownHook(passOn);
            return OptionalInt.of(exit);
        } catch (java.io.IOException e) {
            return OptionalInt.empty(); // no child: run here, unsized
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalInt.of(130);
        }
    }

    private static long physicalMemory() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize(); // a container's limit where there is one
        }
        return Runtime.getRuntime().maxMemory() * 4;
    }
}
