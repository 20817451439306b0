package org.reusedetector.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.flink.configuration.MemorySize;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A standalone Flink session cluster of child JVMs: one JobManager ({@code StandaloneSessionClusterEntrypoint})
 * and any number of TaskManagers ({@code TaskManagerRunner}), all on the jars of one directory (Flink's runtime and
 * client, the Kafka connector, RocksDB and Log4j, copied from Maven by the build into {@code target/cluster-lib}),
 * with a generated configuration directory. The job's own classes reach the cluster only in the submitted jar.
 * {@link #close()} (also run by a shutdown hook) stops every process it started.
 */
public final class StandaloneCluster implements AutoCloseable {

    public static final String JOB_MANAGER_MAIN =
            "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint";
    public static final String TASK_MANAGER_MAIN = "org.apache.flink.runtime.taskexecutor.TaskManagerRunner";

    /** A literal address, not "localhost": name resolution (IPv4 or IPv6 first) differs between machines and JVM parts. */
    private static final String LOOPBACK = "127.0.0.1";

    private static final Logger LOG = LoggerFactory.getLogger(StandaloneCluster.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The module flags Flink's own distribution passes to its JVMs on Java 17. */
    private static final List<String> JAVA_17_FLAGS = List.of(
            "--add-exports=java.base/sun.net.util=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.text=ALL-UNNAMED",
            "--add-opens=java.base/java.time=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED");

    private final Path libDir;
    private final Path workDir;
    private final Path confDir;
    private final int restPort;
    private final Process jobManager;
    private final List<Process> taskManagers = new ArrayList<>();
    private final List<Process> started = new ArrayList<>();
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Thread shutdownHook = new Thread(this::stopAll, "standalone-cluster-shutdown");
    private int taskManagerCount;
    /** The TaskManagers' JVM flags, worked out from the memory settings as Flink's start scripts do. */
    private final List<String> taskManagerJvmFlags;

    private StandaloneCluster(Path libDir, Path workDir, Map<String, String> settings) throws IOException {
        this.libDir = libDir.toAbsolutePath();
        this.workDir = workDir.toAbsolutePath();
        this.confDir = this.workDir.resolve("conf");
        this.restPort = freePort();
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("jobmanager.rpc.address", LOOPBACK);
        conf.put("jobmanager.rpc.port", String.valueOf(freePort()));
        conf.put("jobmanager.bind-host", LOOPBACK);
        conf.put("rest.address", LOOPBACK);
        conf.put("rest.bind-address", LOOPBACK);
        conf.put("rest.port", String.valueOf(restPort));
        conf.put("taskmanager.bind-host", LOOPBACK);
        conf.put("taskmanager.host", LOOPBACK);
        conf.put("taskmanager.numberOfTaskSlots", "2");
        conf.put("jobmanager.memory.process.size", "768m");
        // what Flink's start scripts work out from taskmanager.memory.process.size and pass as dynamic properties,
        // spelled out (TaskManagerRunner needs every part); each TaskManager's JVM flags follow from these sizes
        conf.put("taskmanager.cpu.cores", "1");
        conf.put("taskmanager.memory.framework.heap.size", "128m");
        conf.put("taskmanager.memory.task.heap.size", "256m");
        conf.put("taskmanager.memory.managed.size", "128m");
        conf.put("taskmanager.memory.framework.off-heap.size", "128m");
        conf.put("taskmanager.memory.task.off-heap.size", "0m");
        conf.put("taskmanager.memory.network.min", "64m");
        conf.put("taskmanager.memory.network.max", "64m");
        conf.put("taskmanager.memory.jvm-metaspace.size", "256m");
        conf.put("taskmanager.memory.jvm-overhead.min", "192m");
        conf.put("taskmanager.memory.jvm-overhead.max", "192m");
        // a TaskManager killed with -9 is noticed within seconds (failed heartbeat RPCs to a dead process count at
        // once), not the default 50 s; a TaskManager that is only slow (GC, a loaded machine) is not dropped
        conf.put("heartbeat.interval", "1000");
        conf.put("heartbeat.timeout", "15000");
        conf.put("heartbeat.rpc-failure-threshold", "2");
        // a loaded machine (2 cores, parallel builds) can take longer than the default 10 s to start the RPC system
        conf.put("pekko.startup-timeout", "60 s");
        conf.put("pekko.ask.timeout", "30 s");
        // restarts go on (backing off to 5 s) until a replacement TaskManager has registered, however long it takes
        conf.put("restart-strategy.type", "exponential-delay");
        conf.put("restart-strategy.exponential-delay.initial-backoff", "1 s");
        conf.put("restart-strategy.exponential-delay.max-backoff", "5 s");
        conf.put("restart-strategy.exponential-delay.attempts-before-reset-backoff", "1000");
        conf.put("slot.request.timeout", "60000");
        conf.putAll(settings);
        this.taskManagerJvmFlags = taskManagerJvmFlags(conf);
        Files.createDirectories(confDir);
        Files.createDirectories(this.workDir.resolve("log"));
        StringBuilder yaml = new StringBuilder("# generated by StandaloneCluster\n");
        conf.forEach((k, v) -> yaml.append(k).append(": ").append(quote(v)).append('\n'));
        Files.writeString(confDir.resolve("config.yaml"), yaml);
        Files.writeString(confDir.resolve("log4j.properties"), """
                rootLogger.level = INFO
                rootLogger.appenderRef.file.ref = MainAppender
                appender.main.name = MainAppender
                appender.main.type = File
                appender.main.append = true
                appender.main.fileName = ${sys:log.file}
                appender.main.layout.type = PatternLayout
                appender.main.layout.pattern = %d{HH:mm:ss,SSS} %-5p %-60c %x - %m%n
                logger.kafka.name = org.apache.kafka
                logger.kafka.level = WARN
                """);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        this.jobManager = startProcess(JOB_MANAGER_MAIN, "jobmanager", "-Xmx384m");
    }

    /**
     * Starts a JobManager and {@code taskManagers} TaskManagers (2 slots each) and waits until they are registered.
     *
     * @param libDir the cluster's jars (target/cluster-lib)
     * @param workDir configuration and logs go here ({@code conf/}, {@code log/})
     * @param settings Flink settings added to (or overriding) the generated configuration
     */
    public static StandaloneCluster start(Path libDir, Path workDir, Map<String, String> settings, int taskManagers)
            throws IOException {
        if (!Files.isRegularFile(libDir.resolve("flink-runtime-" + flinkVersion(libDir) + ".jar"))) {
            throw new IllegalArgumentException(
                    "no Flink runtime in " + libDir + " (build it: mvn -B -q package -DskipTests)");
        }
        StandaloneCluster cluster = new StandaloneCluster(libDir, workDir, settings);
        try {
            for (int i = 0; i < taskManagers; i++) {
                cluster.addTaskManager();
            }
            cluster.awaitTaskManagers(taskManagers, Duration.ofMinutes(2));
            return cluster;
        } catch (IOException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /** The REST endpoint, host:port, for {@code stream --submit} and {@code flink run -m}. */
    public String restAddress() {
        return LOOPBACK + ":" + restPort;
    }

    public long jobManagerPid() {
        return jobManager.pid();
    }

    public Path confDir() {
        return confDir;
    }

    /** Starts one more TaskManager; returns its process. */
    public synchronized Process addTaskManager() throws IOException {
        Process p = startProcess(
                TASK_MANAGER_MAIN, "taskmanager-" + (++taskManagerCount), taskManagerJvmFlags.toArray(String[]::new));
        taskManagers.add(p);
        return p;
    }

    /**
     * The heap is the framework's and the tasks' heap, direct memory the off-heap parts and the network buffers, as
     * Flink's start scripts derive them, so that a {@code taskmanager.memory.*} setting given to the cluster (a
     * large broadcast state wants more task heap) reaches the JVM and not only Flink's accounting.
     */
    static List<String> taskManagerJvmFlags(Map<String, String> conf) {
        long heap = megabytes(conf, "taskmanager.memory.framework.heap.size")
                + megabytes(conf, "taskmanager.memory.task.heap.size");
        long direct = megabytes(conf, "taskmanager.memory.framework.off-heap.size")
                + megabytes(conf, "taskmanager.memory.task.off-heap.size")
                + megabytes(conf, "taskmanager.memory.network.max");
        return List.of(
                "-Xmx" + heap + "m",
                "-Xms" + heap + "m",
                "-XX:MaxDirectMemorySize=" + direct + "m",
                "-XX:MaxMetaspaceSize=" + megabytes(conf, "taskmanager.memory.jvm-metaspace.size") + "m");
    }

    private static long megabytes(Map<String, String> conf, String key) {
        return MemorySize.parse(conf.get(key)).getMebiBytes();
    }

    /** The TaskManagers started and still alive. */
    public synchronized List<Process> taskManagers() {
        return taskManagers.stream().filter(Process::isAlive).toList();
    }

    /** Kills a TaskManager the hard way (SIGKILL: no shutdown hooks, no goodbye to the JobManager); returns its pid. */
    public synchronized long kill(Process taskManager) throws InterruptedException {
        long pid = taskManager.pid();
        taskManager.destroyForcibly();
        taskManager.waitFor(30, TimeUnit.SECONDS);
        taskManagers.remove(taskManager);
        LOG.info("killed TaskManager pid {} (exit {})", pid, taskManager.exitValue());
        return pid;
    }

    /** Every process started, with its pid and whether it runs or how it ended (137: killed, by us or by the OOM killer). */
    public synchronized String processes() {
        StringBuilder out = new StringBuilder();
        for (Process p : started) {
            out.append(p == jobManager ? "JobManager " : "TaskManager ")
                    .append(p.pid())
                    .append(p.isAlive() ? " running" : " exited " + p.exitValue())
                    .append("; ");
        }
        return out.toString();
    }

    /** Waits until exactly this many TaskManagers are registered with the JobManager. */
    public void awaitTaskManagers(int count, Duration timeout) {
        await(() -> intField(get("/overview"), "taskmanagers") == count, timeout, count + " TaskManagers registered");
    }

    /** GET on the REST API; {@code null} when it does not answer (yet). */
    public JsonNode get(String path) {
        try {
            HttpResponse<String> response = http.send(
                    HttpRequest.newBuilder(URI.create("http://" + restAddress() + path))
                            .timeout(Duration.ofSeconds(10))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? JSON.readTree(response.body()) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Cancels a job (PATCH /jobs/:id?mode=cancel). */
    public void cancel(String jobId) throws IOException, InterruptedException {
        http.send(
                HttpRequest.newBuilder(URI.create("http://" + restAddress() + "/jobs/" + jobId + "?mode=cancel"))
                        .method("PATCH", HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.discarding());
    }

    /** The id of the one job in the given state (RUNNING, FINISHED, ...), or {@code null}. */
    public String jobIn(String state) {
        JsonNode jobs = get("/jobs");
        if (jobs == null) {
            return null;
        }
        for (JsonNode job : jobs.path("jobs")) {
            if (state.equals(job.path("status").asText())) {
                return job.path("id").asText();
            }
        }
        return null;
    }

    /** Restarts of a job so far (its {@code numRestarts} metric). */
    public long restarts(String jobId) {
        JsonNode metrics = get("/jobs/" + jobId + "/metrics?get=numRestarts");
        return metrics == null || metrics.isEmpty()
                ? 0
                : metrics.get(0).path("value").asLong();
    }

    /** Completed checkpoints of a job. */
    public long completedCheckpoints(String jobId) {
        JsonNode checkpoints = get("/jobs/" + jobId + "/checkpoints");
        return checkpoints == null
                ? 0
                : checkpoints.path("counts").path("completed").asLong();
    }

    public static void await(BooleanSupplier condition, Duration timeout, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out after " + timeout + " waiting for " + what);
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for " + what, e);
            }
        }
    }

    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
    }

    private synchronized void stopAll() {
        for (Process p : started) {
            p.destroy();
        }
        for (Process p : started) {
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private synchronized Process startProcess(String mainClass, String name, String... jvmOptions) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(jvmOptions));
        command.add("-Djava.net.preferIPv4Stack=true");
        command.addAll(JAVA_17_FLAGS);
        command.add("-Dlog.file=" + workDir.resolve("log").resolve(name + ".log"));
        command.add("-Dlog4j.configurationFile="
                + confDir.resolve("log4j.properties").toUri());
        command.add("-cp");
        command.add(libDir + "/*");
        command.add(mainClass);
        command.add("--configDir");
        command.add(confDir.toString());
        ProcessBuilder builder = new ProcessBuilder(command);
        // the cluster's JVMs get exactly the options above, not what a build tool or CI put in the environment
        builder.environment()
                .keySet()
                .removeAll(List.of(
                        "JAVA_TOOL_OPTIONS",
                        "JDK_JAVA_OPTIONS",
                        "_JAVA_OPTIONS",
                        "FLINK_CONF_DIR",
                        "FLINK_ENV_JAVA_OPTS"));
        Process p = builder.redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        workDir.resolve("log").resolve(name + ".out").toFile()))
                .start();
        started.add(p);
        LOG.info("started {} pid {}", name, p.pid());
        return p;
    }

    private static String flinkVersion(Path libDir) throws IOException {
        try (var files = Files.list(libDir)) {
            return files.map(f -> f.getFileName().toString())
                    .filter(n -> n.startsWith("flink-runtime-") && n.endsWith(".jar"))
                    .map(n -> n.substring("flink-runtime-".length(), n.length() - 4))
                    .findFirst()
                    .orElse("?");
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException(
                    "no cluster classpath at " + libDir + " (build it: mvn -B -q package -DskipTests)", e);
        }
    }

    private static int intField(JsonNode node, String field) {
        return node == null ? -1 : node.path(field).asInt(-1);
    }

    private static String quote(String value) {
        return value.matches("[A-Za-z0-9_./:=, -]*") && !value.contains(": ")
                ? value
                : "'" + value.replace("'", "''") + "'";
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
