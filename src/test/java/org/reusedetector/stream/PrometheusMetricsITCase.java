package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.JobEnvironment;
import org.reusedetector.kafka.KafkaTopics;
import org.reusedetector.kafka.LabelsPublisher;
import org.reusedetector.kafka.PageReplayer;
import org.reusedetector.labels.InformedLabelling;
import org.reusedetector.local.KafkaBrokerExtension;

/**
 * {@code job.metrics.prometheus-port}: while a stream runs, its Prometheus endpoint serves the metrics the
 * README documents (pages in, dead letters by reason, alerts by type, labels by kind, pages held for the label
 * snapshot, the neighbourhood threshold, consumer lag).
 */
@ExtendWith(KafkaBrokerExtension.class)
class PrometheusMetricsITCase {

    /**
     * The README's metric table, as the reporter names them (operator scope; a key-value group such as
     * {@code reason} is part of the name and a label) and the labels they carry.
     */
    static final List<String> DOCUMENTED = List.of(
            "flink_taskmanager_job_task_operator_pagesParsed",
            "flink_taskmanager_job_task_operator_reason_deadLettersWritten{",
            "reason=\"invalid_json\"", // the reporter writes '-' in label values as '_'
            "flink_taskmanager_job_task_operator_type_alertsWritten{",
            "type=\"file\"",
            "flink_taskmanager_job_task_operator_kind_labelRecordsRead{",
            "kind=\"chunk\"",
            "flink_taskmanager_job_task_operator_pagesHeldForLabelSnapshot",
            "flink_taskmanager_job_task_operator_pagesHeldSpilledToState",
            "flink_taskmanager_job_task_operator_neighborhoodThreshold",
            "flink_taskmanager_job_task_operator_pendingRecords");

    @TempDir
    Path dir;

    @Test
    void theRunningStreamServesTheDocumentedMetrics() throws Exception {
        String bootstrap = KafkaBrokerExtension.bootstrapServers();
        String suffix = KafkaBrokerExtension.uniqueName("metrics");
        RecoveryCrawl.Files crawl = RecoveryCrawl.write(Files.createDirectories(dir.resolve("crawl")), 8, 10, 2);
        int port = freePort();
        ReuseDetectorConfig config = ReuseDetectorConfig.defaults()
                .with(Map.of(
                        "kafka.bootstrap-servers",
                        bootstrap,
                        "kafka.topics.pages",
                        "pages-" + suffix,
                        "kafka.topics.labels",
                        "labels-" + suffix,
                        "kafka.topics.alerts",
                        "alerts-" + suffix,
                        "kafka.topics.dead-letters",
                        "dead-letters-" + suffix,
                        "kafka.group-id",
                        suffix,
                        "job.state-dir",
                        dir.resolve("state").toString(),
                        "job.checkpoint-interval",
                        "1 s",
                        "job.metrics.prometheus-port",
                        String.valueOf(port)));
        Path labels = dir.resolve("labels.jsonl");
        InformedLabelling.label(
                new InformedLabelling.Settings(
                        config.chunking(),
                        config.get(ReuseDetectorOptions.STOP_MIN_LENGTH),
                        config.get(ReuseDetectorOptions.MAX_BODY_BYTES),
                        config.get(ReuseDetectorOptions.TEMPLATE_MIN_SHARE),
                        config.get(ReuseDetectorOptions.TEMPLATE_MIN_PAGES)),
                crawl.reference(),
                labels,
                "informed:metrics");
        KafkaTopics.ensure(bootstrap, KafkaTopics.detectorTopics(config));
        LabelsPublisher.publish(labels, bootstrap, "labels-" + suffix);
        PageReplayer.replay(crawl.pages(), bootstrap, "pages-" + suffix);
        String run = UUID.randomUUID().toString();
        int partitions = LabelsPublisher.writeSnapshotMarkers(bootstrap, "labels-" + suffix, run);

        StreamExecutionEnvironment env = JobEnvironment.create(config, RuntimeExecutionMode.STREAMING);
        // unbounded (a finished task's metrics leave the endpoint: the labels source of a bounded run ends first),
        // and pages pass slowly, so that the first scrapes see them arrive
        StreamingJob.define(
                env,
                config,
                new StreamingJob.Wiring(bootstrap, run, partitions, false, null, null),
                pages -> pages.map(
                                record -> {
                                    Thread.sleep(150);
                                    return record;
                                },
                                pages.getType())
                        .uid("slow-pages")
                        .name("slow-pages"));
        JobClient job = env.executeAsync("metrics");

        HttpClient http = HttpClient.newHttpClient();
        String body = "";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && !containsAll(body)) {
            Thread.sleep(500);
            StringBuilder scraped = new StringBuilder();
            for (int p = port; p <= port; p++) {
                try {
                    scraped.append(http.send(
                                    HttpRequest.newBuilder(URI.create("http://localhost:" + p + "/metrics"))
                                            .timeout(Duration.ofSeconds(5))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body());
                } catch (java.io.IOException notYetListening) {
                    // the reporters start with the mini cluster
                }
            }
            body = scraped.toString();
        }
        Files.writeString(dir.resolve("metrics.txt"), body);
        for (String expected : DOCUMENTED) {
            assertThat(body).as("scrape of http://localhost:%d/metrics", port).contains(expected);
        }
        job.cancel().get(1, TimeUnit.MINUTES);
    }

    private static boolean containsAll(String body) {
        return DOCUMENTED.stream().allMatch(body::contains);
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
