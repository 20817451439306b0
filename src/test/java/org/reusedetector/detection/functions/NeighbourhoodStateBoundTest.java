package org.reusedetector.detection.functions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.base.IntSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.runtime.state.KeyedStateBackend;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;
import org.reusedetector.detection.DetectionSettings;
import org.reusedetector.detection.TestPages;
import org.reusedetector.model.Alert;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.PrefixDelta;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.model.SourceChunks;
import org.reusedetector.state.StateFormat;
import org.reusedetector.state.VersionedStateSerializer;

/**
 * The neighbourhood path of the stream (per URL, per prefix, threshold and verdicts), with the default settings, on RocksDB,
 * fed as {@code benchmark soak} feeds the job: crawl after crawl of new hosts, each a URL retention after the one before.
 * Whatever a crawl leaves in keyed state must go once event time has passed its retention, or state grows with every
 * host the stream has ever seen.
 */
class NeighbourhoodStateBoundTest {

    private static final long DAY = 86_400_000L;
    private static final int HOSTS = 6;
    private static final int PAGES_PER_HOST = 12;

    /** The three keyed operators, output piped to the next by hand, watermarks forwarded after the records. */
    private static final class Chain implements AutoCloseable {
        final DetectionSettings settings = TestPages.settings("run", 1);
        final KeyedOneInputStreamOperatorTestHarness<String, PageScore, PrefixDelta> urls;
        final KeyedOneInputStreamOperatorTestHarness<String, PrefixDelta, PrefixScore> aggregate;
        final KeyedOneInputStreamOperatorTestHarness<Integer, PrefixScore, Alert> verdicts;
        final List<Alert> alerted = new ArrayList<>();

        Chain() throws Exception {
            urls = new KeyedOneInputStreamOperatorTestHarness<>(
                    new KeyedProcessOperator<>(
                            new UrlContributions(settings.urlRetentionMillis(), settings.neighbourhoodMaxDepth())),
                    UrlContributions.urlKey(settings.ignoredParameters()),
                    Types.STRING);
            aggregate = new KeyedOneInputStreamOperatorTestHarness<>(
                    new KeyedProcessOperator<>(new NeighbourhoodAggregate(
                            settings.neighbourhoodMaxEvidence(),
                            settings.neighbourhoodThreshold().confidence(),
                            settings.neighbourhoodThreshold().coverage().maxSources())),
                    PrefixDelta::prefix,
                    Types.STRING);
            verdicts = new KeyedOneInputStreamOperatorTestHarness<>(
                    new KeyedProcessOperator<>(new NeighbourhoodVerdicts(
                            settings.neighbourhoodThreshold(), settings.neighbourhoodReevaluateStep())),
                    NeighbourhoodVerdicts.ONE_KEY,
                    Types.INT);
            for (var h : List.of(urls, aggregate, verdicts)) {
                h.setStateBackend(new EmbeddedRocksDBStateBackend());
                h.open();
            }
        }

        void page(PageScore score) throws Exception {
            urls.processElement(score, score.eventTime());
            pipe();
        }

        /** The watermark through all three, each operator's output (timers fired) handed on before the watermark. */
        void watermark(long time) throws Exception {
            urls.processWatermark(time);
            pipe();
            aggregate.processWatermark(time);
            pipe();
            verdicts.processWatermark(time);
            pipe();
        }

        void pipe() throws Exception {
            for (PrefixDelta delta : drain(urls, PrefixDelta.class)) {
                aggregate.processElement(delta, delta.eventTime());
            }
            for (PrefixScore score : drain(aggregate, PrefixScore.class)) {
                verdicts.processElement(score, score.eventTime());
            }
            alerted.addAll(drain(verdicts, Alert.class));
        }

        /**
         * The entries of every keyed state of the three operators (a map state's entries, a value state's keys), by
         * state name, in chain order.
         */
        Map<String, Long> entries() throws Exception {
            Map<String, Long> entries = new LinkedHashMap<>();
            entries.put("url-contribution", keys(urls, "url-contribution"));
            entries.put("neighbourhood", keys(aggregate, "neighbourhood"));
            entries.put(
                    "neighbourhood-source-chunks",
                    mapEntries(
                            aggregate,
                            new MapStateDescriptor<>(
                                    "neighbourhood-source-chunks", StringSerializer.INSTANCE, IntSerializer.INSTANCE)));
            entries.putAll(pending(aggregate, "neighbourhood-pending", new PrefixDeltaFormat()));
            entries.putAll(pending(verdicts, "threshold-pending", new PrefixScoreFormat()));
            entries.put(
                    NeighbourhoodVerdicts.VERDICTS,
                    mapEntries(
                            verdicts,
                            new MapStateDescriptor<>(
                                    NeighbourhoodVerdicts.VERDICTS,
                                    StringSerializer.INSTANCE,
                                    new VersionedStateSerializer<>(new NeighbourhoodVerdictFormat()))));
            return entries;
        }

        List<Integer> timers() {
            return List.of(urls.numEventTimeTimers(), aggregate.numEventTimeTimers(), verdicts.numEventTimeTimers());
        }

        @Override
        public void close() throws Exception {
            for (var h : List.of(urls, aggregate, verdicts)) {
                h.close();
            }
        }
    }

    private static KeyedStateBackend<?> backend(KeyedOneInputStreamOperatorTestHarness<?, ?, ?> h) {
        return ((AbstractStreamOperator<?>) h.getOperator()).getKeyedStateBackend();
    }

    /** Keys holding a value in the operator's state {@code name}. */
    static long keys(KeyedOneInputStreamOperatorTestHarness<?, ?, ?> h, String name) {
        try (var keys = backend(h).getKeys(name, VoidNamespace.INSTANCE)) {
            return keys.count();
        }
    }

    /** Entries of a map state over all keys. */
    static <K, V> long mapEntries(KeyedOneInputStreamOperatorTestHarness<?, ?, ?> h, MapStateDescriptor<K, V> map)
            throws Exception {
        long[] n = {0};
        backend(h).applyToAllKeys(VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE, map, (key, state) -> {
            for (var ignored : state.entries()) {
                n[0]++;
            }
        });
        return n[0];
    }

    /** The entries of an {@link EventTimeBuffer}'s two map states. */
    static <T> Map<String, Long> pending(
            KeyedOneInputStreamOperatorTestHarness<?, ?, ?> h, String name, StateFormat<T> format) throws Exception {
        return Map.of(
                name + "-counts",
                mapEntries(
                        h, new MapStateDescriptor<>(name + "-counts", LongSerializer.INSTANCE, IntSerializer.INSTANCE)),
                name + "-records",
                mapEntries(
                        h,
                        new MapStateDescriptor<>(
                                name + "-records", StringSerializer.INSTANCE, new VersionedStateSerializer<>(format))));
    }

    private static <T> List<T> drain(KeyedOneInputStreamOperatorTestHarness<?, ?, ?> h, Class<T> type) {
        List<T> out = new ArrayList<>();
        for (Object o : h.getOutput()) {
            if (o instanceof StreamRecord<?> record) {
                out.add(type.cast(record.getValue()));
            }
        }
        h.getOutput().clear();
        return out;
    }

    /**
     * One crawl of new hosts ({@code rK.}): some pages copied from a labelled source (matched chunks, evidence, source
     * tallies), the others clean, in directories two levels deep, a second apart from {@code start}.
     */
    private static List<PageScore> crawl(int round, long start) {
        List<PageScore> pages = new ArrayList<>();
        long time = start;
        for (int host = 0; host < HOSTS; host++) {
            for (int page = 0; page < PAGES_PER_HOST; page++) {
                String url = "https://r" + round + ".site" + host + ".org/docs/" + (page % 3) + "/p" + page + ".html";
                boolean copied = host % 2 == 0 && page % 4 != 3;
                int matched = copied ? 8 : 0;
                Evidence[] evidence = copied
                        ? new Evidence[] {new Evidence("h" + page, "chunk", "source.org", "https://source.org/a")}
                        : new Evidence[0];
                SourceChunks[] sources = copied
                        ? new SourceChunks[] {
                            new SourceChunks(
                                    "source.org",
                                    40,
                                    "https://source.org/a",
                                    new long[] {page, page + 100L, page + 200L},
                                    new int[] {1, 1, 1})
                        }
                        : SourceChunks.NONE;
                pages.add(new PageScore(url, time, 10, matched, matched / 10.0, false, evidence, sources));
                time += 1000;
            }
        }
        return pages;
    }

    @Test
    void crawlAfterCrawlOfNewHostsLeavesNoMoreStateThanOneCrawl() throws Exception {
        long retention = TestPages.settings("run", 1).urlRetentionMillis();
        long step = retention + DAY; // as benchmark soak: each crawl starts a retention and a day after the one before
        List<Map<String, Long>> afterRound = new ArrayList<>();
        try (Chain chain = new Chain()) {
            for (int round = 0; round < 6; round++) {
                long start = round * step;
                for (PageScore page : crawl(round, start)) {
                    chain.page(page);
                }
                chain.watermark(start + DAY); // the crawl judged; the one before has aged out by now
                afterRound.add(chain.entries());
            }
            assertThat(chain.alerted)
                    .as("the copied hosts are found, so the path is exercised")
                    .isNotEmpty();
            // each crawl holds the same state, whatever came before it: one crawl's URLs, prefixes and source chunks
            assertThat(afterRound.get(0))
                    .containsEntry("url-contribution", (long) HOSTS * PAGES_PER_HOST)
                    .containsEntry("neighbourhood", (long) HOSTS * 5)
                    .containsEntry(NeighbourhoodVerdicts.VERDICTS, (long) HOSTS * 5);
            assertThat(afterRound.get(0).get("neighbourhood-source-chunks")).isPositive();
            assertThat(afterRound).allSatisfy(entries -> assertThat(entries).isEqualTo(afterRound.get(0)));

            // past the last crawl's retention (not the end of input: that withdraws nothing) nothing is left
            chain.watermark(6 * step);
            assertThat(chain.entries().values()).containsOnly(0L);
            assertThat(chain.timers()).containsOnly(0);
        }
    }

    @Test
    void aLateChangeThatEmptiesANeighbourhoodIsNotOvertakenByTheChangeBeforeIt() throws Exception {
        // The threshold takes updates in event-time order. A change behind the aggregate's watermark is applied at
        // once, after a change of a later event time whose update the threshold may still hold (the watermark reaches
        // it a moment after the update). Were the late update stamped with its own, earlier time, the threshold would
        // take it first, then the older update with the page still there: the neighbourhood would stay in
        // neighbourhood-verdicts for ever, and its verdict would be the older one.
        String n = "https://late.org/";
        try (Chain chain = new Chain()) {
            chain.aggregate.processElement(PrefixDelta.between(n, 0, 0, 10, 8, 10, new Evidence[0]), 10); // page u
            chain.aggregate.processElement(PrefixDelta.between(n, 0, 0, 10, 8, 10, new Evidence[0]), 10); // page v
            chain.watermark(10);
            chain.aggregate.processElement(PrefixDelta.between(n, 10, 8, 0, 0, 100, new Evidence[0]), 100); // v goes
            chain.aggregate.processWatermark(100); // the aggregate is at 100, the threshold not yet
            chain.pipe();
            // u leaves by a revisit fetched at 50 that arrives late: the neighbourhood is empty
            chain.aggregate.processElement(PrefixDelta.between(n, 10, 8, 0, 0, 50, new Evidence[0]), 50);
            chain.pipe();
            chain.watermark(100);

            assertThat(chain.entries())
                    .containsEntry("neighbourhood", 0L)
                    .containsEntry(NeighbourhoodVerdicts.VERDICTS, 0L);
        }
    }
}
