package org.reusedetector.stream;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.function.UnaryOperator;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.KafkaSourceBuilder;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.connector.FlinkPaths;
import org.reusedetector.connector.JsonLinesFileSink;
import org.reusedetector.connector.KafkaJsonRecords;
import org.reusedetector.connector.KafkaSourceRecords;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.DetectionWorkflow;
import org.reusedetector.detection.Metrics;
import org.reusedetector.detection.OperatorIds;
import org.reusedetector.detection.functions.CountByKey;
import org.reusedetector.format.LabelCodec;
import org.reusedetector.format.SnapshotMarker;
import org.reusedetector.imatch.Lexicon;
import org.reusedetector.index.HashIndexSink;
import org.reusedetector.kafka.KafkaConnection;
import org.reusedetector.kafka.LexiconTopic;
import org.reusedetector.model.Alert;
import org.reusedetector.model.DeadLetter;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.signal.Signals;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The streaming detector: Kafka in, {@link DetectionWorkflow}, Kafka out (exactly once). */
public final class StreamingJob {

    private static final Logger LOG = LoggerFactory.getLogger(StreamingJob.class);
    private static final Duration LEXICON_READ_TIMEOUT = Duration.ofSeconds(60);
    /** How long a bounded job waits for a replay running beside its start. */
    private static final Duration REPLAY_TIMEOUT = Duration.ofHours(6);

    private StreamingJob() {}

    /**
     * How this run is wired.
     *
     * @param bootstrapServers the Kafka cluster (embedded or configured)
     * @param snapshotRun id of the label snapshot markers written for this run
     * @param labelPartitions partitions of the labels topic (one marker each)
     * @param bounded stop after the records that were in the topics at start
     * @param alertsFile also append alerts to this local JSONL file, or {@code null}
     * @param indexDirectory also write the hash index of every page there (rolling part files), or {@code null}
     * @param replayBarrier with {@code bounded}: the {@link ReplayBarrier} of a replay still running in this JVM, after
     *     which the pages source takes its stopping offsets; {@code null} when the topic holds its pages already
     */
    public record Wiring(
            String bootstrapServers,
            String snapshotRun,
            int labelPartitions,
            boolean bounded,
            Path alertsFile,
            Path indexDirectory,
            String replayBarrier) {

        /** Wiring with no replay running. */
        public Wiring(
                String bootstrapServers,
                String snapshotRun,
                int labelPartitions,
                boolean bounded,
                Path alertsFile,
                Path indexDirectory) {
            this(bootstrapServers, snapshotRun, labelPartitions, bounded, alertsFile, indexDirectory, null);
        }
    }

    /** Adds the whole streaming job to the environment. */
    public static void define(StreamExecutionEnvironment env, ReuseDetectorConfig config, Wiring wiring) {
        define(env, config, wiring, UnaryOperator.identity());
    }

    /**
     * As {@link #define(StreamExecutionEnvironment, ReuseDetectorConfig, Wiring)}, with {@code pagesTap}
     * applied to the raw page records between the source and the workflow: the recovery tests put a fault
     * injector there (an operator of their own, with its own uid), the job itself never does.
     */
    public static void define(
            StreamExecutionEnvironment env,
            ReuseDetectorConfig config,
            Wiring wiring,
            UnaryOperator<DataStream<SourceRecord>> pagesTap) {
        define(env, config, wiring, pagesTap, UnaryOperator.identity());
    }

    /**
     * As {@link #define(StreamExecutionEnvironment, ReuseDetectorConfig, Wiring, UnaryOperator)}, with {@code
     * labelsTap} applied to the raw label records between their source and the workflow: the test of failures while
     * label changes re-score pages puts a fault injector there; the job itself never does.
     */
    public static void define(
            StreamExecutionEnvironment env,
            ReuseDetectorConfig config,
            Wiring wiring,
            UnaryOperator<DataStream<SourceRecord>> pagesTap,
            UnaryOperator<DataStream<SourceRecord>> labelsTap) {
        KafkaConnection connection = KafkaConnection.of(wiring.bootstrapServers(), config);
        DetectionSettings settings = DetectionSettings.from(config, wiring.snapshotRun(), wiring.labelPartitions());
        if (config.get(ReuseDetectorOptions.IMATCH_LEXICON_FROM_TOPIC)) {
            settings = settings.withLexicon(topicLexicon(config, connection));
        }

        DataStream<SourceRecord> pages = env.fromSource(
                        // a start without a checkpoint rebuilds neighbourhood state from all the topic holds;
                        // a resumed run continues from the checkpointed offsets (committed offsets only show progress)
                        kafkaSource(
                                config,
                                wiring,
                                connection,
                                config.get(ReuseDetectorOptions.TOPIC_PAGES),
                                KafkaSourceRecords.pages(),
                                OffsetsInitializer.earliest(),
                                wiring.replayBarrier()),
                        fetchTimeWatermarks(config.get(ReuseDetectorOptions.OUT_OF_ORDERNESS)),
                        OperatorIds.PAGES_SOURCE)
                .uid(OperatorIds.PAGES_SOURCE);
        // the labelled set is rebuilt from the whole compacted topic at every fresh start
        DataStream<SourceRecord> labelRecords = env.fromSource(
                        kafkaSource(
                                config,
                                wiring,
                                connection,
                                config.get(ReuseDetectorOptions.TOPIC_LABELS),
                                KafkaSourceRecords.labels(),
                                OffsetsInitializer.earliest(),
                                null), // the labels are published before the job starts
                        // labels carry no page time: while labels arrive the pages wait for them (held until the
                        // snapshot loads), and an idle labels topic does not hold the watermark back
                        WatermarkStrategy.<SourceRecord>noWatermarks().withIdleness(LABELS_IDLE),
                        OperatorIds.LABELS_SOURCE)
                .uid(OperatorIds.LABELS_SOURCE);
        DataStream<SourceRecord> labels = labelsTap
                .apply(labelRecords)
                .map(
                        new CountByKey<>(Metrics.KIND_GROUP, Metrics.LABELS_BY_KIND, StreamingJob::labelKind),
                        TypeInformation.of(SourceRecord.class))
                .uid(OperatorIds.COUNT_LABELS_BY_KIND)
                .name(OperatorIds.COUNT_LABELS_BY_KIND);

        DetectionWorkflow.Outputs out =
                DetectionWorkflow.define(pagesTap.apply(pages), labels, settings, Signals.enabled(settings), null);

        DataStream<Alert> alerts = out.alerts()
                .map(
                        new CountByKey<>(
                                Metrics.TYPE_GROUP,
                                Metrics.ALERTS_BY_TYPE,
                                (Alert a) -> a.type().wireName()),
                        TypeInformation.of(Alert.class))
                .uid(OperatorIds.COUNT_ALERTS_BY_TYPE)
                .name(OperatorIds.COUNT_ALERTS_BY_TYPE);
        DataStream<DeadLetter> deadLetters = out.deadLetters()
                .map(
                        new CountByKey<>(Metrics.REASON_GROUP, Metrics.DEAD_LETTERS_BY_REASON, DeadLetter::reason),
                        TypeInformation.of(DeadLetter.class))
                .uid(OperatorIds.COUNT_DEAD_LETTERS_BY_REASON)
                .name(OperatorIds.COUNT_DEAD_LETTERS_BY_REASON);
        alerts.sinkTo(kafkaSink(
                        config,
                        connection,
                        KafkaJsonRecords.alerts(config.get(ReuseDetectorOptions.TOPIC_ALERTS)),
                        "alerts"))
                .uid(OperatorIds.ALERTS_SINK)
                .name(OperatorIds.ALERTS_SINK);
        // the verdicts leave as the alerts do, partitioned by prefix, each prefix's records in the verdicts' order,
        // committed in the same checkpoints
        out.neighbourhoodAlerts()
                .sinkTo(kafkaSink(
                        config,
                        connection,
                        KafkaJsonRecords.verdicts(config.get(ReuseDetectorOptions.TOPIC_VERDICTS)),
                        "verdicts"))
                .uid(OperatorIds.VERDICTS_SINK)
                .name(OperatorIds.VERDICTS_SINK);
        deadLetters
                .sinkTo(kafkaSink(
                        config,
                        connection,
                        KafkaJsonRecords.deadLetters(config.get(ReuseDetectorOptions.TOPIC_DEAD_LETTERS)),
                        "dead-letters"))
                .uid(OperatorIds.DEAD_LETTERS_SINK)
                .name(OperatorIds.DEAD_LETTERS_SINK);
        if (wiring.indexDirectory() != null) {
            out.hashedPages()
                    .sinkTo(HashIndexSink.create(FlinkPaths.of(wiring.indexDirectory())))
                    .uid(OperatorIds.HASH_INDEX_SINK)
                    .name(OperatorIds.HASH_INDEX_SINK);
        }
        if (wiring.alertsFile() != null) {
            JsonLinesFileSink.writeTo(alerts, wiring.alertsFile(), OperatorIds.ALERTS_FILE_SINK);
        }
    }

    /**
     * The newest lexicon of {@code kafka.topics.lexicon} (what {@code lexicon --publish} wrote), with
     * {@code imatch.randomized} applied; read once, when the job is defined, so every subtask signs with one version.
     */
    static Lexicon topicLexicon(ReuseDetectorConfig config, KafkaConnection connection) {
        String topic = config.get(ReuseDetectorOptions.TOPIC_LEXICON);
        LexiconTopic.Newest newest = LexiconTopic.newest(connection, topic, LEXICON_READ_TIMEOUT)
                .orElseThrow(() -> new IllegalStateException("imatch.lexicon-from-topic is set but topic '" + topic
                        + "' holds no lexicon: publish one with 'lexicon --publish'"));
        Lexicon lexicon;
        try {
            lexicon = Lexicon.fromJson(newest.json());
        } catch (IOException e) {
            throw new IllegalStateException(
                    "the newest record of topic '" + topic + "' (offset " + newest.offset() + ") is no lexicon: "
                            + e.getMessage(),
                    e);
        }
        Integer k = config.getOptional(ReuseDetectorOptions.IMATCH_RANDOMIZED).orElse(null);
        Lexicon used = k == null ? lexicon : lexicon.withRandomized(k);
        LOG.info(
                "I-Match lexicon {} ({} terms, {} lexicons) from topic '{}' partition {} offset {}",
                used.id(),
                used.terms().size(),
                used.lexiconCount(),
                topic,
                newest.partition(),
                newest.offset());
        return used;
    }

    /** The kind of a label record, for the metrics; {@code null} for snapshot markers, tombstones and invalid records. */
    static String labelKind(SourceRecord record) {
        if (record.value() == null || SnapshotMarker.parse(record.value()).isPresent()) {
            return null;
        }
        try {
            return LabelCodec.parse(record.value()).kind();
        } catch (IllegalArgumentException invalid) {
            return null; // a dead letter of its own, counted there
        }
    }

    /** The consumer group of the job's source of {@code topic} (it shows progress; offsets live in checkpoints). */
    public static String groupId(ReuseDetectorConfig config, String topic) {
        return config.get(ReuseDetectorOptions.KAFKA_GROUP_ID) + "-" + topic;
    }

    private static KafkaSource<SourceRecord> kafkaSource(
            ReuseDetectorConfig config,
            Wiring wiring,
            KafkaConnection connection,
            String topic,
            KafkaSourceRecords deserializer,
            OffsetsInitializer start,
            String replayBarrier) {
        KafkaSourceBuilder<SourceRecord> builder = KafkaSource.<SourceRecord>builder()
                .setBootstrapServers(connection.bootstrapServers())
                .setTopics(topic)
                .setGroupId(groupId(config, topic))
                .setStartingOffsets(start)
                .setDeserializer(deserializer)
                .setProperty("max.partition.fetch.bytes", String.valueOf(16 * 1024 * 1024))
                // kafka.properties.* (TLS, SASL, timeouts) after the defaults above, before the settings exactly-once
                // needs
                .setProperties(connection.clientProperties())
                .setProperty("isolation.level", "read_committed")
                .setProperty("commit.offsets.on.checkpoint", "true");
        if (wiring.bounded()) {
            // a bounded source does not discover partitions
            builder.setBounded(
                    replayBarrier == null
                            ? OffsetsInitializer.latest()
                            : ReplayBarrier.stoppingOffsets(replayBarrier, REPLAY_TIMEOUT));
        } else {
            builder.setProperty("partition.discovery.interval.ms", "60000");
        }
        return builder.build();
    }

    private static <T> KafkaSink<T> kafkaSink(
            ReuseDetectorConfig config, KafkaConnection connection, KafkaJsonRecords<T> serializer, String name) {
        Properties producer = new Properties();
        producer.setProperty("max.request.size", String.valueOf(16 * 1024 * 1024));
        producer.setProperty("compression.type", "lz4");
        producer.putAll(connection.clientProperties());
        producer.setProperty(
                "transaction.timeout.ms",
                String.valueOf(config.get(ReuseDetectorOptions.KAFKA_TRANSACTION_TIMEOUT)
                        .toMillis()));
        return KafkaSink.<T>builder()
                .setBootstrapServers(connection.bootstrapServers())
                .setRecordSerializer(serializer)
                .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                .setTransactionalIdPrefix(config.get(ReuseDetectorOptions.KAFKA_GROUP_ID) + "-" + name)
                .setKafkaProducerConfig(producer)
                .build();
    }

    /** How long the labels topic is quiet before it no longer holds the pages' watermark back. */
    static final Duration LABELS_IDLE = Duration.ofSeconds(2);

    /** How long a partition of the pages topic is quiet before its newest fetch time is taken as its watermark. */
    static final Duration PAGES_QUIET = Duration.ofSeconds(30);

    /**
     * Event time is the fetch time, read at the source ({@link PageRecordParser#fetchTimeOf}), and watermarks are made per
     * partition ({@link FetchTimeWatermarks}): each partition is in fetch order within {@code outOfOrderness}, and Flink
     * keeps the least of them, so downstream operators can take pages in fetch order however the partitions and tasks
     * interleave. A partition without pages for a minute does not hold the others back.
     */
    static WatermarkStrategy<SourceRecord> fetchTimeWatermarks(Duration outOfOrderness) {
        long bound = outOfOrderness.toMillis();
        long quiet = PAGES_QUIET.toMillis();
        return WatermarkStrategy.<SourceRecord>forGenerator(
                        context -> new FetchTimeWatermarks<>(bound, quiet, System::currentTimeMillis))
                .withTimestampAssigner((record, kafkaTimestamp) -> PageRecordParser.fetchTimeOf(record.value()))
                .withIdleness(Duration.ofMinutes(1));
    }
}
