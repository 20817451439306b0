package org.reusedetector.benchmark;

import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.Collector;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.DetectionWorkflow;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.SourceRecord;
import org.reusedetector.page.Sha1;

/**
 * The job of {@code benchmark labels --mode}: N synthetic chunk labels (random SHA-1s) through the stream's label path
 * (JSON records, then the snapshot marker of run {@code bench}), and a stream of synthetic pages scored against them by
 * the stream's own label match ({@code DetectionWorkflow.score}), in the mode the settings pick. Pages trickle until the
 * first is scored (the snapshot is in), then run at full speed until the job is cancelled. The benchmark command reads
 * the {@link Probe}: the mini cluster runs in its JVM.
 */
public final class LabelsBenchmarkJob {

    private LabelsBenchmarkJob() {}

    /** Pages per second while the labels load: enough to be held and released, few enough not to matter. */
    private static final long TRICKLE_SLEEP_MILLIS = 100;

    /** After the marker the labels source idles: one sequence number per this many milliseconds. */
    private static final long IDLE_SLEEP_MILLIS = 1_000;

    public static final int CHUNKS_PER_PAGE = 40;
    public static final int LABELLED_PER_PAGE = 10;

    /** Adds the job to the environment. */
    public static void define(StreamExecutionEnvironment env, DetectionSettings settings, long count) {
        // unbounded, idle after the marker: a finished source would leave the labels' operators marked finished in
        // the checkpoint, and the stream, whose labels source runs on, could not start from it
        DataStream<SourceRecord> labelRecords = env.fromSequence(0, Long.MAX_VALUE)
                .setParallelism(1)
                .name("synthetic-labels")
                .flatMap(
                        (Long i, Collector<SourceRecord> out) -> {
                            if (i <= count) {
                                out.collect(record(i, count));
                            } else {
                                Thread.sleep(IDLE_SLEEP_MILLIS);
                            }
                        },
                        TypeInformation.of(SourceRecord.class))
                .setParallelism(1)
                .name("label-records");
        DataStream<HashedPage> pages = env.fromSequence(0, Long.MAX_VALUE)
                .setParallelism(1)
                .name("synthetic-pages")
                .map(new Pages(count), TypeInformation.of(HashedPage.class))
                .setParallelism(1)
                .name("pages");
        DetectionWorkflow.Scored scored = DetectionWorkflow.score(pages, labelRecords, settings, Duration.ofHours(1));
        scored.scores()
                .map(LabelsBenchmarkJob::probe, Types.BOOLEAN)
                .name("probe")
                .sinkTo(new DiscardingSink<>())
                .name("discard");
    }

    /** What the job shares with this thread: the mini cluster runs in this JVM, so plain statics do. */
    public static final class Probe {
        public static volatile boolean loaded;
        public static final AtomicLong SCORED = new AtomicLong();
        public static final AtomicLong MATCHED = new AtomicLong();
        /** Label records handed to the job so far (the load's progress). */
        public static final AtomicLong LABELS_SENT = new AtomicLong();

        public static void reset() {
            loaded = false;
            LABELS_SENT.set(0);
            SCORED.set(0);
            MATCHED.set(0);
        }
    }

    private static boolean probe(PageScore score) {
        Probe.loaded = true;
        Probe.SCORED.incrementAndGet();
        Probe.MATCHED.addAndGet(score.matchedChunks());
        return true;
    }

    /** Label {@code i}'s hash: 20 bytes of a SplitMix64 sequence seeded by {@code i} (random, and made again by the pages). */
    static byte[] labelHash(long i) {
        SplittableRandom random = new SplittableRandom(0x9E3779B97F4A7C15L * (i + 1));
        byte[] hash = new byte[Sha1.LENGTH];
        random.nextBytes(hash);
        return hash;
    }

    private static SourceRecord record(long i, long count) {
        Probe.LABELS_SENT.incrementAndGet();
        return i < count ? labelRecord(i) : marker();
    }

    static SourceRecord labelRecord(long i) {
        // a thousand example pages of one expert site: origins as an informed labelling's
        String json = "{\"hash\":\"" + Sha1.hex(labelHash(i))
                + "\",\"kind\":\"chunk\",\"op\":\"add\",\"source\":\"bench\",\"example_url\":\"https://expert.example/p"
                + (i % 1000) + ".html\"}";
        return new SourceRecord(json, "labels/0/" + i);
    }

    static SourceRecord marker() {
        return new SourceRecord("{\"op\":\"snapshot\",\"run\":\"bench\",\"partition\":0}", "labels/0/marker");
    }

    /** Synthetic pages: 40 chunk hashes of which 10 are labels; a trickle until the labels are in. */
    static final class Pages implements MapFunction<Long, HashedPage> {
        private static final long serialVersionUID = 1L;
        private final long labels;
        private transient SplittableRandom random;

        Pages(long labels) {
            this.labels = labels;
        }

        @Override
        public HashedPage map(Long i) throws Exception {
            if (!Probe.loaded) {
                Thread.sleep(TRICKLE_SLEEP_MILLIS);
            }
            if (random == null) {
                random = new SplittableRandom(42);
            }
            byte[] hashes = new byte[CHUNKS_PER_PAGE * Sha1.LENGTH];
            random.nextBytes(hashes);
            for (int k = 0; k < LABELLED_PER_PAGE; k++) {
                System.arraycopy(labelHash(random.nextLong(labels)), 0, hashes, k * 4 * Sha1.LENGTH, Sha1.LENGTH);
            }
            int[] lengths = new int[CHUNKS_PER_PAGE];
            Arrays.fill(lengths, 200);
            byte[] file = new byte[Sha1.LENGTH];
            random.nextBytes(file);
            return new HashedPage(
                    "https://site" + (i % 1000) + ".example/p" + i + ".html",
                    1_767_225_600_000L + i,
                    file,
                    hashes,
                    lengths,
                    8_000);
        }
    }
}
