package org.reusedetector.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.zip.GZIPInputStream;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.JobEnvironment;
import org.reusedetector.detection.Metrics;
import org.reusedetector.format.Json;
import org.reusedetector.kafka.ConsumerLag;
import org.reusedetector.kafka.KafkaConnection;
import org.reusedetector.kafka.KafkaTopics;
import org.reusedetector.kafka.LabelsPublisher;
import org.reusedetector.kafka.PageReplayer;
import org.reusedetector.labels.InformedLabelling;
import org.reusedetector.local.KafkaBrokerExtension;
import org.reusedetector.local.TopicContents;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.Label;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.Sha1;

/**
 * Verdicts that follow label changes (keyed label mode): labels added, removed, and removed then added again while the
 * stream runs, after the pages they concern were scored, leave the alerts that a run with the final labels from the
 * start gives: the same standing page alerts (per page and fetch time: type, badness, chunks) and the same bad
 * neighbourhoods, with no record twice in a row for one page or neighbourhood. Both runs are the streaming job on Kafka
 * at parallelism 2, unbounded, stopped with a draining savepoint once they have read everything. The run and its checks
 * are shared with {@link LabelChangesRecoveryITCase}, which fails tasks while the changes are applied.
 */
@ExtendWith(KafkaBrokerExtension.class)
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class LabelChangesITCase {

    private static final String REFERENCE_SOURCE = "informed:changes-reference";

    @TempDir
    Path dir;

    @Test
    void labelsChangedMidStreamLeaveTheAlertsOfARunWithTheFinalLabelsFromTheStart() throws Exception {
        Scenario scenario = Scenario.write(dir);
        Map<String, List<Alert>> changed =
                run(dir, "changed", scenario.crawl(), scenario.initial(), scenario.changes(), Hooks.NONE);
        Map<String, List<Alert>> fromStart =
                run(dir, "from-start", scenario.crawl(), scenario.reference(), List.of(), Hooks.NONE);
        assertAlertsOfTheFinalLabelsFromTheStart(changed, fromStart);
        assertThat(repeatedRecords(changed.get("all"))).isEmpty();
    }

    // --- the fixture ------------------------------------------------------------------------------------------------

    /**
     * The crawl and its labels: {@code reference}, the final labels; {@code initial}, those the run starts with;
     * {@code changes}, published once every page is scored: held-back labels added, wrong ones removed, and a few
     * removed and added again.
     */
    record Scenario(
            RecoveryCrawl.Files crawl,
            List<Label> reference,
            List<Label> initial,
            List<Label> changes,
            int heldBack,
            int wrong,
            int flapping) {

        static Scenario write(Path dir) throws IOException {
            RecoveryCrawl.Files crawl = RecoveryCrawl.write(Files.createDirectories(dir.resolve("crawl")), 20, 10, 3);
            List<Label> reference = referenceLabels(dir, crawl);

            // held back at first, added mid-stream: the labels of the reference pages that wiki0 and wiki1 ripped first
            List<Label> heldBack = reference.stream()
                    .filter(l -> !Label.KIND_STOP.equals(l.kind()) && pageNumber(l.exampleUrl()) < 14)
                    .toList();
            // there at first, removed and added again mid-stream
            List<Label> flapping = reference.stream()
                    .filter(l -> !Label.KIND_STOP.equals(l.kind()) && pageNumber(l.exampleUrl()) >= 20)
                    .filter(l -> pageNumber(l.exampleUrl()) < 24)
                    .toList();
            // wrong at first, removed mid-stream: blind labels of two background sites' own text
            List<Label> wrong = discoveredLabelsOfOwnText(crawl, List.of("site0.example.net", "site1.example.net"));
            assertThat(heldBack).hasSizeGreaterThan(20);
            assertThat(flapping).hasSizeGreaterThan(5);
            assertThat(wrong).hasSizeGreaterThan(50);

            List<Label> initial = new ArrayList<>(reference);
            initial.removeAll(heldBack);
            initial.addAll(wrong);
            List<Label> changes = new ArrayList<>(heldBack);
            wrong.forEach(l -> changes.add(withOp(l, Label.OP_REMOVE)));
            flapping.forEach(l -> changes.add(withOp(l, Label.OP_REMOVE)));
            changes.addAll(flapping);
            return new Scenario(crawl, reference, initial, changes, heldBack.size(), wrong.size(), flapping.size());
        }
    }

    /**
     * What {@code changed} (a run whose labels changed mid-stream) must share with {@code fromStart} (a run with the
     * final labels from the start), and that the changes were applied to pages scored before them.
     */
    static void assertAlertsOfTheFinalLabelsFromTheStart(
            Map<String, List<Alert>> changed, Map<String, List<Alert>> fromStart) {
        // the changes were applied to pages scored before them: alerts raised on the wrong labels were cleared, and
        // the held-back ones raised
        assertThat(changed.get("before"))
                .anyMatch(a -> a.type() == AlertType.PAGE && a.url().contains("site0.example.net"))
                .noneMatch(a -> a.type() == AlertType.PAGE && a.url().contains("wiki0.clone-farm.example/wiki/login"));
        assertThat(changed.get("before").stream().map(LabelChangesITCase::neighbourhoodKey))
                .contains("https://site0.example.net/");
        assertThat(changed.get("all"))
                .anyMatch(a -> a.type() == AlertType.CLEARED
                        && a.url() != null
                        && a.url().contains("site1.example.net"))
                .anyMatch(a -> a.type() == AlertType.CLEARED && "https://site0.example.net/".equals(a.prefix()));

        Map<String, String> pages = standingPageAlerts(changed.get("all"));
        Map<String, String> expectedPages = standingPageAlerts(fromStart.get("all"));
        assertThat(expectedPages.keySet()).isNotEmpty().noneMatch(page -> page.contains("site0.example.net"));
        assertThat(pages).isEqualTo(expectedPages);
        assertThat(expectedPages.keySet()).anyMatch(p -> p.contains("wiki0.clone-farm.example/wiki/login"));
        assertThat(badNeighbourhoods(changed.get("all")))
                .isNotEmpty()
                .isEqualTo(badNeighbourhoods(fromStart.get("all")));
    }

    private static List<Label> referenceLabels(Path dir, RecoveryCrawl.Files crawl) throws IOException {
        ReuseDetectorConfig defaults = ReuseDetectorConfig.defaults();
        Path file = dir.resolve("reference-labels.jsonl");
        InformedLabelling.label(
                new InformedLabelling.Settings(
                        defaults.chunking(),
                        defaults.get(ReuseDetectorOptions.STOP_MIN_LENGTH),
                        defaults.get(ReuseDetectorOptions.MAX_BODY_BYTES),
                        defaults.get(ReuseDetectorOptions.TEMPLATE_MIN_SHARE),
                        defaults.get(ReuseDetectorOptions.TEMPLATE_MIN_PAGES)),
                crawl.reference(),
                file,
                REFERENCE_SOURCE);
        List<Label> labels = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank()) {
                labels.add(Json.read(line, Label.class));
            }
        }
        return labels;
    }

    /** The reference page a label was taken from: login is 0, guide/topic-i is i; -1 for none. */
    private static int pageNumber(String exampleUrl) {
        if (exampleUrl == null) {
            return -1;
        }
        if (exampleUrl.endsWith("/login.html")) {
            return 0;
        }
        int at = exampleUrl.lastIndexOf("topic-");
        return at < 0 ? -1 : Integer.parseInt(exampleUrl.substring(at + 6, exampleUrl.length() - ".html".length()));
    }

    /** Discovered chunk labels of the chunks that only one page of the crawl holds, on pages of the given hosts. */
    private static List<Label> discoveredLabelsOfOwnText(RecoveryCrawl.Files crawl, List<String> hosts)
            throws IOException {
        DetectionSettings settings = DetectionSettings.from(ReuseDetectorConfig.defaults(), null, 0);
        Map<String, Integer> pagesPerChunk = new HashMap<>();
        Map<String, List<String>> chunksOfHostPages = new LinkedHashMap<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(crawl.pages())), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                Map<?, ?> record;
                try {
                    record = Json.read(line, Map.class);
                } catch (Exception e) {
                    continue; // the crawl's broken records
                }
                if (!(record.get("url") instanceof String url)
                        || !(record.get("body") instanceof String body)
                        || !(record.get("fetched_at") instanceof String fetchedAt)) {
                    continue;
                }
                HashedPage page =
                        settings.pageHasher().hash(url, Instant.parse(fetchedAt).toEpochMilli(), body);
                List<String> chunks = new ArrayList<>();
                for (int i = 0; i < page.chunkCount(); i++) {
                    String hash = Sha1.hex(page.chunkHashes(), i);
                    if (!chunks.contains(hash)) {
                        chunks.add(hash);
                        pagesPerChunk.merge(hash, 1, Integer::sum);
                    }
                }
                if (hosts.stream().anyMatch(h -> url.contains("://" + h + "/"))) {
                    chunksOfHostPages.put(url, chunks);
                }
            }
        }
        List<Label> labels = new ArrayList<>();
        chunksOfHostPages
                .values()
                .forEach(chunks -> chunks.stream()
                        .filter(hash -> pagesPerChunk.get(hash) == 1)
                        .forEach(hash -> labels.add(new Label(
                                hash, Label.KIND_CHUNK, Label.OP_ADD, "discover:changes", null, 1L, 1L, null))));
        return labels;
    }

    private static Label withOp(Label l, String op) {
        return new Label(
                l.hash(), l.kind(), op, l.source(), l.exampleUrl(), l.count(), l.hosts(), l.text(), l.family());
    }

    private static Path write(Path dir, String name, List<Label> labels) throws IOException {
        Path file = dir.resolve(name + ".jsonl");
        try (Writer out = Files.newBufferedWriter(file)) {
            for (Label label : labels) {
                out.write(Json.write(label));
                out.write('\n');
            }
        }
        return file;
    }

    // --- a run ------------------------------------------------------------------------------------------------------

    /** What a run may add: settings, a tap on the raw label records, and steps around the publishing of the changes. */
    record Hooks(
            Map<String, String> settings,
            UnaryOperator<DataStream<SourceRecord>> labelsTap,
            Step beforeChanges,
            Step afterChanges) {
        static final Hooks NONE =
                new Hooks(Map.of(), UnaryOperator.identity(), (job, alerts) -> {}, (job, alerts) -> {});
    }

    /** A step of a run, given its job and its alerts topic. */
    interface Step {
        void run(JobClient job, String alertsTopic) throws Exception;
    }

    /**
     * The stream over the crawl with the {@code initial} labels; once every page is scored, the {@code changes} are
     * published and read; then the job stops, draining. Returns the committed alerts: {@code before} the changes, and
     * {@code all} at the end, in topic order.
     */
    static Map<String, List<Alert>> run(
            Path dir, String name, RecoveryCrawl.Files crawl, List<Label> initial, List<Label> changes, Hooks hooks)
            throws Exception {
        String bootstrap = KafkaBrokerExtension.bootstrapServers();
        String pagesTopic = KafkaBrokerExtension.uniqueName("pages-" + name);
        String labelsTopic = KafkaBrokerExtension.uniqueName("labels-" + name);
        String alertsTopic = KafkaBrokerExtension.uniqueName("alerts-" + name);
        Map<String, String> settings = new HashMap<>();
        settings.put("kafka.bootstrap-servers", bootstrap);
        settings.put("kafka.topics.pages", pagesTopic);
        settings.put("kafka.topics.labels", labelsTopic);
        settings.put("kafka.topics.alerts", alertsTopic);
        settings.put("kafka.topics.dead-letters", KafkaBrokerExtension.uniqueName("dead-letters-" + name));
        settings.put("kafka.group-id", KafkaBrokerExtension.uniqueName("detector-" + name));
        settings.put("job.state-dir", dir.resolve(name).resolve("state").toString());
        settings.put("job.checkpoint-interval", "500 ms");
        settings.put("kafka.transaction-timeout", "20 s");
        settings.put("job.status-interval", "0 s");
        settings.put("job.parallelism", "2");
        settings.put("labels.mode", "KEYED");
        settings.put("labels.keyed.partitions", "4");
        // the whole crawl inside the window
        settings.put("labels.keyed.rescore.retention", "30 d");
        settings.putAll(hooks.settings());
        ReuseDetectorConfig config = ReuseDetectorConfig.defaults().with(settings);
        KafkaTopics.ensure(bootstrap, KafkaTopics.detectorTopics(config));
        LabelsPublisher.publish(write(dir, name + "-initial", initial), bootstrap, labelsTopic);
        PageReplayer.replay(crawl.pages(), bootstrap, pagesTopic);
        String run = UUID.randomUUID().toString();
        int labelPartitions = LabelsPublisher.writeSnapshotMarkers(bootstrap, labelsTopic, run);

        StreamExecutionEnvironment env = JobEnvironment.create(config, RuntimeExecutionMode.STREAMING);
        StreamingJob.define(
                env,
                config,
                new StreamingJob.Wiring(bootstrap, run, labelPartitions, false, null, null),
                UnaryOperator.identity(),
                hooks.labelsTap());
        JobClient job = env.executeAsync("label changes " + name);
        Map<String, List<Alert>> alerts = new TreeMap<>();
        try (ConsumerLag pagesLag = new ConsumerLag(
                        KafkaConnection.plain(bootstrap), StreamingJob.groupId(config, pagesTopic), pagesTopic);
                ConsumerLag labelsLag = new ConsumerLag(
                        KafkaConnection.plain(bootstrap), StreamingJob.groupId(config, labelsTopic), labelsTopic)) {
            // offsets are committed when a checkpoint completes, that is when every operator has processed what came
            // before its barrier: read and applied everywhere
            awaitUntil(() -> pagesLag.records().orElse(-1) == 0
                    && labelsLag.records().orElse(-1) == 0
                    && allParsedPagesScored(job));
            if (!changes.isEmpty()) {
                awaitUntil(() -> committedAlerts(bootstrap, alertsTopic).stream()
                        .anyMatch(a ->
                                a.type() == AlertType.NEIGHBORHOOD && "https://site0.example.net/".equals(a.prefix())));
                alerts.put("before", committedAlerts(bootstrap, alertsTopic));
                hooks.beforeChanges().run(job, alertsTopic);
                LabelsPublisher.publish(write(dir, name + "-changes", changes), bootstrap, labelsTopic);
                hooks.afterChanges().run(job, alertsTopic);
                Thread.sleep(1000); // the labels consumer has seen the new end offsets
                awaitUntil(() -> labelsLag.records().orElse(-1) == 0);
            }
        }
        job.stopWithSavepoint(
                        true, dir.resolve(name).resolve("savepoints").toUri().toString(), SavepointFormatType.CANONICAL)
                .get(2, TimeUnit.MINUTES);
        job.getJobExecutionResult().get(2, TimeUnit.MINUTES);
        // the last transaction's commit markers may lag its commit: read until two reads agree
        List<Alert> all = committedAlerts(bootstrap, alertsTopic);
        for (int i = 0; i < 10; i++) {
            Thread.sleep(1000);
            List<Alert> again = committedAlerts(bootstrap, alertsTopic);
            if (again.size() == all.size()) {
                break;
            }
            all = again;
        }
        alerts.put("all", all);
        return alerts;
    }

    interface Condition {
        boolean holds() throws Exception;
    }

    static void awaitUntil(Condition condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
        while (!condition.holds()) {
            assertThat(System.nanoTime()).as("waited 150 s").isLessThan(deadline);
            Thread.sleep(250);
        }
    }

    private static boolean allParsedPagesScored(JobClient job) throws Exception {
        Map<String, Object> counts = job.getAccumulators().get(30, TimeUnit.SECONDS);
        return counts.get(Metrics.PAGES_PARSED) instanceof Long parsed
                && counts.get(Metrics.PAGES_SCORED) instanceof Long scored
                && parsed > 0
                && scored >= parsed;
    }

    private static List<Alert> committedAlerts(String bootstrap, String topic) {
        List<Alert> alerts = new ArrayList<>();
        for (ConsumerRecord<String, String> r :
                TopicContents.readAll(bootstrap, topic, IsolationLevel.READ_COMMITTED)) {
            try {
                alerts.add(Json.read(r.value(), Alert.class));
            } catch (Exception e) {
                throw new AssertionError(r.value(), e);
            }
        }
        return alerts;
    }

    // --- what the alerts say at the end -----------------------------------------------------------------------------

    private static String neighbourhoodKey(Alert a) {
        return a.type() == AlertType.NEIGHBORHOOD ? a.prefix() : "";
    }

    /**
     * Per page and fetch time, its standing alert: the last page, file or phish alert, unless a {@code cleared} of
     * the page came after it.
     */
    private static Map<String, String> standingPageAlerts(List<Alert> alerts) {
        Map<String, String> standing = new TreeMap<>();
        for (Alert a : alerts) {
            if (a.url() == null) {
                continue;
            }
            String page = a.url() + " " + a.eventTime();
            if (a.type() == AlertType.CLEARED) {
                standing.remove(page);
            } else if (a.type() == AlertType.PAGE || a.type() == AlertType.FILE || a.type() == AlertType.PHISH) {
                standing.put(page, a.type() + " " + a.badness() + " " + a.chunks() + " " + a.matchedChunks());
            }
        }
        return standing;
    }

    /**
     * The pages (URL and fetch time) and neighbourhoods with the same record twice in a row, each with the record: a
     * re-score gives a page a new verdict, a clearance or a re-raise after one, never the one it has, and a
     * neighbourhood's records alternate between alerted and cleared; so a repeat is an output replayed after a failure
     * that escaped its aborted transaction.
     */
    static List<String> repeatedRecords(List<Alert> alerts) {
        Map<String, String> last = new HashMap<>();
        List<String> repeated = new ArrayList<>();
        for (Alert a : alerts) {
            String key;
            String record;
            if (a.url() != null) {
                key = a.url() + " " + a.eventTime();
                record = a.type() + " " + a.badness() + " " + a.chunks() + " " + a.matchedChunks();
            } else if (a.prefix() != null) {
                key = a.prefix();
                record = a.type().toString(); // alerted or cleared: a neighbourhood changes state, or says nothing
            } else {
                continue;
            }
            if (record.equals(last.put(key, record))) {
                repeated.add(key + ": " + record);
            }
        }
        return repeated;
    }

    /** The neighbourhoods whose last record is an alert, not a clearance. */
    private static List<String> badNeighbourhoods(List<Alert> alerts) {
        Map<String, Boolean> bad = new TreeMap<>();
        for (Alert a : alerts) {
            if (a.prefix() != null && a.type() == AlertType.NEIGHBORHOOD) {
                bad.put(a.prefix(), true);
            } else if (a.prefix() != null && a.type() == AlertType.CLEARED) {
                bad.put(a.prefix(), false);
            }
        }
        return bad.entrySet().stream()
                .filter(Map.Entry::getValue)
                .map(Map.Entry::getKey)
                .toList();
    }
}
