package org.reusedetector.detection.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.Copy;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.PageScore;
import org.reusedetector.model.PrefixDelta;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.model.SourceChunks;
import org.reusedetector.score.CoverageRule;
import org.reusedetector.score.NeighbourhoodThreshold;
import org.reusedetector.url.IgnoredParameters;

class NeighbourhoodFunctionsTest {

    private static final long DAY = 86_400_000L;
    private static final Evidence[] NONE = new Evidence[0];

    @SuppressWarnings("unchecked")
    private static <T> List<T> values(AbstractStreamOperatorTestHarness<?> harness) {
        return harness.getOutput().stream()
                .filter(o -> o instanceof StreamRecord<?>)
                .map(o -> (T) ((StreamRecord<?>) o).getValue())
                .collect(Collectors.toList());
    }

    private static KeyedOneInputStreamOperatorTestHarness<String, PageScore, PrefixDelta> urlHarness()
            throws Exception {
        return urlHarness(IgnoredParameters.DEFAULT);
    }

    private static KeyedOneInputStreamOperatorTestHarness<String, PageScore, PrefixDelta> urlHarness(
            IgnoredParameters ignored) throws Exception {
        return new KeyedOneInputStreamOperatorTestHarness<>(
                new KeyedProcessOperator<>(new UrlContributions(30 * DAY, 12)),
                UrlContributions.urlKey(ignored),
                Types.STRING);
    }

    private static PageScore score(String url, long time, double badness) {
        return new PageScore(url, time, 10, (int) Math.round(badness * 10), badness, false, NONE);
    }

    @Test
    void aNewPageJoinsEveryPrefixDownToTheHost() throws Exception {
        try (var h = urlHarness()) {
            h.open();
            h.processElement(score("https://A.org/x/y/p.html?q=1", 1, 0.5), 1);
            List<PrefixDelta> out = values(h);
            assertThat(out)
                    .extracting(PrefixDelta::prefix)
                    .containsExactly("https://a.org/x/y/", "https://a.org/x/", "https://a.org/");
            assertThat(out).extracting(PrefixDelta::pagesDelta).containsOnly(1);
            assertThat(out).extracting(PrefixDelta::chunksDelta).containsOnly(10L);
            assertThat(out).extracting(PrefixDelta::matchedDelta).containsOnly(5.0);
        }
    }

    @Test
    void aRevisitReplacesTheEarlierContributionAndOlderFetchesAreIgnored() throws Exception {
        try (var h = urlHarness()) {
            h.open();
            h.processElement(score("https://a.org/p", 10, 0.5), 10);
            h.processElement(score("https://a.org/p#frag", 20, 0.75), 20); // same page, new fetch
            h.processElement(score("https://a.org/p", 30, 0.75), 30); // unchanged: nothing to say
            h.processElement(score("https://a.org/p", 5, 0.0), 5); // an older fetch arriving late
            List<PrefixDelta> out = values(h);
            assertThat(out).hasSize(2);
            assertThat(out.get(1).pagesDelta()).isZero();
            assertThat(out.get(1).chunksDelta()).isZero();
            assertThat(out.get(1).matchedDelta()).isEqualTo(3.0); // 7.5 rounds to 8 matched of 10, from 5
        }
    }

    @Test
    void theQueryIsPartOfAPagesIdentityExceptIgnoredParameters() throws Exception {
        try (var h = urlHarness()) {
            h.open();
            h.processElement(score("https://a.org/item?id=1", 10, 0.5), 10);
            h.processElement(score("https://a.org/item?id=2", 10, 0.5), 10); // another page: joins the prefixes again
            h.processElement(score("https://a.org/item?utm_source=mail&id=1", 20, 0.75), 20); // a revisit of id=1
            h.processElement(score("https://a.org/item?b=2&a=1", 20, 0.0), 20);
            h.processElement(
                    score("https://a.org/item?a=1&b=2&SID=x", 30, 0.0), 30); // a revisit: unchanged, nothing to say
            List<PrefixDelta> out = values(h);
            assertThat(out).extracting(PrefixDelta::pagesDelta).containsExactly(1, 1, 0, 1);
            assertThat(out.get(2).matchedDelta()).isEqualTo(3.0); // 5 to 8 matched of 10
            assertThat(out)
                    .extracting(PrefixDelta::prefix)
                    .containsOnly("https://a.org/"); // neighbourhoods stay path-based
            assertThat(h.numKeyedStateEntries()).isEqualTo(3);
        }
        try (var h = urlHarness(IgnoredParameters.of(List.of("id")))) { // the configured list, not the default
            h.open();
            h.processElement(score("https://a.org/item?id=1", 10, 0.5), 10);
            h.processElement(score("https://a.org/item?id=2", 20, 0.5), 20);
            h.processElement(score("https://a.org/item?utm_source=x", 20, 0.5), 20);
            assertThat(values(h).stream().map(d -> ((PrefixDelta) d).pagesDelta()))
                    .containsExactly(1, 1); // id=1 and id=2 are one page; utm_source is kept
        }
    }

    @Test
    void urlsNotSeenWithinTheRetentionAreWithdrawnAndTheirStateIsGone() throws Exception {
        try (var h = urlHarness()) {
            h.open();
            h.processElement(score("https://a.org/old", 0, 1.0), 0);
            h.processElement(score("https://a.org/fresh", 0, 0.0), 0);
            h.processElement(score("https://a.org/fresh", 20 * DAY, 0.0), 20 * DAY);
            assertThat(h.numKeyedStateEntries()).isEqualTo(2);
            h.getOutput().clear();

            h.processWatermark(new Watermark(31 * DAY));
            List<PrefixDelta> out = values(h);
            assertThat(out).hasSize(1);
            assertThat(out.get(0))
                    .extracting(
                            PrefixDelta::prefix,
                            PrefixDelta::pagesDelta,
                            PrefixDelta::chunksDelta,
                            PrefixDelta::matchedDelta)
                    .containsExactly("https://a.org/", -1, -10L, -10.0);
            assertThat(h.numKeyedStateEntries()).isEqualTo(1); // only the refreshed URL remains
        }
    }

    @Test
    void aPageWithNoScorableChunkIsNotPartOfItsNeighbourhoods() throws Exception {
        try (var h = urlHarness()) {
            h.open();
            h.processElement(
                    new PageScore("https://a.org/empty", 1, 0, 0, 0.0, false, NONE), 1); // nothing scorable: not in |N|
            assertThat(values(h)).isEmpty();
            assertThat(h.numKeyedStateEntries()).isZero();
            h.processElement(score("https://a.org/p", 2, 0.5), 2);
            h.processElement(
                    new PageScore("https://a.org/p", 3, 0, 0, 0.0, false, NONE),
                    3); // a revisit left nothing: withdrawn
            List<PrefixDelta> out = values(h);
            assertThat(out).extracting(PrefixDelta::pagesDelta).containsExactly(1, -1);
            assertThat(out.get(1).chunksDelta()).isEqualTo(-10L);
            assertThat(h.numKeyedStateEntries()).isZero();
            h.processElement(
                    new PageScore("https://a.org/f", 4, 0, 0, 1.0, true, NONE),
                    4); // a whole-file match counts, as one chunk
            assertThat(values(h).get(2))
                    .extracting(d -> ((PrefixDelta) d).chunksDelta(), d -> ((PrefixDelta) d).matchedDelta())
                    .containsExactly(1L, 1.0);
        }
    }

    @Test
    void theEndOfABoundedInputWithdrawsNothing() throws Exception {
        try (var h = urlHarness()) {
            h.open();
            h.processElement(score("https://a.org/p", 0, 1.0), 0);
            h.getOutput().clear();
            h.processWatermark(Watermark.MAX_WATERMARK);
            assertThat(values(h).stream().filter(v -> v instanceof PrefixDelta)).isEmpty();
        }
    }

    @Test
    void urlStateSurvivesSnapshotAndRestore() throws Exception {
        OperatorSubtaskState snapshot;
        try (var h = urlHarness()) {
            h.open();
            h.processElement(score("https://a.org/p", 10, 0.5), 10);
            snapshot = h.snapshot(1, 11);
        }
        try (var h = urlHarness()) {
            h.initializeState(snapshot);
            h.open();
            h.processElement(score("https://a.org/p", 20, 0.5), 20);
            assertThat(values(h)).isEmpty(); // known URL, same score: a revisit, not a new page
            h.processWatermark(new Watermark(20 + 30 * DAY));
            assertThat(values(h)).hasSize(1);
        }
    }

    private static KeyedOneInputStreamOperatorTestHarness<String, PrefixDelta, PrefixScore> aggregateHarness()
            throws Exception {
        return new KeyedOneInputStreamOperatorTestHarness<>(
                new KeyedProcessOperator<>(
                        new NeighbourhoodAggregate(2, org.reusedetector.score.NeighbourhoodConfidence.NONE)),
                PrefixDelta::prefix,
                Types.STRING);
    }

    @Test
    void neighbourhoodBadnessIsContainmentOverItsWholeChunkVector() throws Exception {
        Evidence e1 = new Evidence("h1", "chunk", "s", null);
        Evidence e2 = new Evidence("h2", "chunk", "s", null);
        Evidence e3 = new Evidence("h3", "chunk", "s", null);
        try (var h = aggregateHarness()) {
            h.open();
            h.processElement(new PrefixDelta("https://a.org/", 1, 10, 10.0, 1, new Evidence[] {e1}), 1);
            h.processWatermark(1);
            h.processElement(new PrefixDelta("https://a.org/", 1, 10, 0.0, 2, NONE), 2);
            h.processWatermark(2);
            h.processElement(new PrefixDelta("https://a.org/", 1, 20, 10.0, 3, new Evidence[] {e2, e3}), 3);
            h.processWatermark(3); // a big page weighs as its chunks
            h.processElement(new PrefixDelta("https://a.org/", 0, 0, -10.0, 4, NONE), 4);
            h.processWatermark(4); // a revisit of the first page, now clean
            List<PrefixScore> out = values(h);
            assertThat(out).extracting(PrefixScore::pages).containsExactly(1L, 2L, 3L, 3L);
            assertThat(out).extracting(PrefixScore::badness).containsExactly(1.0, 0.5, 0.5, 0.25);
            assertThat(out).extracting(PrefixScore::previousBadness).containsExactly(0.0, 1.0, 0.5, 0.5);
            assertThat(out.get(3).evidence())
                    .extracting(Evidence::hash)
                    .containsExactly("h2", "h3"); // newest first, capped at 2

            h.processElement(new PrefixDelta("https://a.org/", -1, -20, -10.0, 5, NONE), 5);
            h.processWatermark(5);
            h.processElement(new PrefixDelta("https://a.org/", -1, -10, 0, 5, NONE), 5);
            h.processWatermark(5);
            h.processElement(new PrefixDelta("https://a.org/", -1, -10, 0, 5, NONE), 5);
            h.processWatermark(5);
            assertThat(values(h).get(6))
                    .extracting(s -> ((PrefixScore) s).pages())
                    .isEqualTo(0L);
            assertThat(h.numKeyedStateEntries()).isZero();
        }
    }

    private static PrefixScore update(
            String prefix, long pages, double badness, long previousPages, double previousBadness, double threshold) {
        return PrefixScore.of(prefix, pages, badness, previousPages, previousBadness, 1000, NONE, threshold);
    }

    /**
     * Each neighbourhood's verdict over updates stamped with their threshold, as {@link NeighbourhoodVerdicts} judges
     * them ({@link NeighbourhoodVerdicts#verdictAfter}), and the alerts it raised.
     */
    private static final class Judged implements AutoCloseable {
        private final NeighbourhoodThreshold rule;
        private final java.util.Map<String, NeighbourhoodVerdict> verdicts = new java.util.HashMap<>();
        private final List<Alert> alerts = new java.util.ArrayList<>();

        Judged(NeighbourhoodThreshold rule) {
            this.rule = rule;
        }

        void processElement(PrefixScore stamped, long time) {
            NeighbourhoodVerdict after =
                    NeighbourhoodVerdicts.verdictAfter(rule, stamped, verdicts.get(stamped.prefix()), alerts::add);
            if (after == null) {
                verdicts.remove(stamped.prefix());
            } else {
                verdicts.put(stamped.prefix(), after);
            }
        }

        @Override
        public void close() {}
    }

    @SuppressWarnings("unchecked")
    private static <T> List<T> values(Judged judged) {
        return (List<T>) List.copyOf(judged.alerts);
    }

    @Test
    void anAlertOnCrossingNoneWhileAboveAndAnotherAfterFallingBackAndCrossingAgain() throws Exception {
        NeighbourhoodThreshold rule = NeighbourhoodThreshold.paper(3, 1, 1.0, Double.NaN);
        try (var h = new Judged(rule)) {
            String n = "https://bad.org/";
            h.processElement(update(n, 2, 0.9, 1, 0.9, 0.3), 1); // too few pages
            h.processElement(update(n, 3, 0.9, 2, 0.9, Double.NaN), 1); // threshold not known yet
            h.processElement(update(n, 4, 0.9, 3, 0.9, 0.3), 1); // crosses: alert
            h.processElement(update(n, 5, 0.8, 4, 0.9, 0.3), 1); // still above: quiet
            h.processElement(update(n, 6, 0.2, 5, 0.8, 0.3), 1); // falls below: its alert is cleared
            h.processElement(update(n, 7, 0.5, 6, 0.2, 0.3), 1); // crosses again: alert
            h.processElement(update("https://other.org/", 9, 0.31, 8, 0.1, 0.3), 1);
            List<Alert> alerts = values(h);
            assertThat(alerts)
                    .extracting(Alert::type, Alert::prefix, Alert::pages, Alert::badness)
                    .containsExactly(
                            tuple(AlertType.NEIGHBORHOOD, n, 4L, 0.9),
                            tuple(AlertType.CLEARED, n, 6L, 0.2),
                            tuple(AlertType.NEIGHBORHOOD, n, 7L, 0.5),
                            tuple(AlertType.NEIGHBORHOOD, "https://other.org/", 9L, 0.31));
            assertThat(alerts).extracting(Alert::threshold).containsOnly(0.3);

            h.processElement(
                    update(n, 0, 0, 7, 0.5, 0.3), 2); // emptied while bad: cleared, and its flag goes with it ...
            h.processElement(update(n, 5, 0.9, 4, 0.9, 0.3), 3); // ... so a neighbourhood refilled bad is news again
            assertThat(values(h))
                    .extracting(a -> ((Alert) a).type())
                    .containsExactly(
                            AlertType.NEIGHBORHOOD,
                            AlertType.CLEARED,
                            AlertType.NEIGHBORHOOD,
                            AlertType.NEIGHBORHOOD,
                            AlertType.CLEARED,
                            AlertType.NEIGHBORHOOD);
        }
    }

    @Test
    void withConfidenceBoundsANeighbourhoodNearTheThresholdKeepsItsVerdict() throws Exception {
        NeighbourhoodThreshold rule = NeighbourhoodThreshold.paper(3, 1, 1.0, Double.NaN)
                .withBounds(0, 1, 0)
                .withRobust(true)
                .withConfidence(new org.reusedetector.score.NeighbourhoodConfidence(0.95));
        try (var h = new Judged(rule)) {
            String n = "https://near.org/";
            h.processElement(bounded(n, 2, 0.90, 0.00, 1.00), 1); // too few pages to be sure
            h.processElement(bounded(n, 8, 0.38, 0.32, 0.45), 1); // surely above: alert
            h.processElement(bounded(n, 12, 0.28, 0.22, 0.34), 1); // below, but not surely: the alert stands
            h.processElement(bounded(n, 13, 0.33, 0.27, 0.39), 1); // above again: no second alert
            h.processElement(bounded(n, 40, 0.20, 0.17, 0.23), 1); // surely below: cleared
            // judged again with the threshold after a move (see NeighbourhoodVerdicts)
            h.processElement(bounded(n, 40, 0.20, 0.17, 0.23).withThreshold(0.1), 2); // it falls: bad again
            h.processElement(
                    bounded(n, 40, 0.20, 0.17, 0.23).withThreshold(0.2),
                    3); // it rises to the badness, but not above the upper bound: stands
            assertThat(values(h))
                    .extracting(a -> ((Alert) a).type(), a -> ((Alert) a).pages())
                    .containsExactly(
                            tuple(AlertType.NEIGHBORHOOD, 8L),
                            tuple(AlertType.CLEARED, 40L),
                            tuple(AlertType.NEIGHBORHOOD, 40L));
            Alert first = (Alert) values(h).get(0);
            assertThat(first.badnessLow()).isEqualTo(0.32); // the bounds of its badness when it turned bad
            assertThat(first.badnessHigh()).isEqualTo(0.45);
        }
    }

    private static PrefixScore bounded(String prefix, long pages, double badness, double lower, double upper) {
        return new PrefixScore(prefix, pages, badness, pages - 1, badness, 1000, NONE, 0.3, upper, Copy.NONE, lower);
    }

    @Test
    void theAggregateKeepsTheSumsThatBoundItsBadness() throws Exception {
        var confidence = new org.reusedetector.score.NeighbourhoodConfidence(0.95);
        try (var h = new KeyedOneInputStreamOperatorTestHarness<>(
                new KeyedProcessOperator<>(new NeighbourhoodAggregate(2, confidence)),
                PrefixDelta::prefix,
                Types.STRING)) {
            h.open();
            String n = "https://a.org/";
            h.processElement(PrefixDelta.between(n, 0, 0, 20, 20, 1, NONE), 1);
            h.processWatermark(1); // a copied page
            h.processElement(PrefixDelta.between(n, 0, 0, 20, 0, 2, NONE), 2);
            h.processWatermark(2); // a clean one
            h.processElement(PrefixDelta.between(n, 0, 0, 20, 10, 3, NONE), 3);
            h.processWatermark(3); // half and half
            h.processElement(PrefixDelta.between(n, 20, 0, 20, 10, 4, NONE), 4);
            h.processWatermark(4); // the clean one, revisited: half and half too
            List<PrefixScore> out = values(h);
            PrefixScore last = out.get(out.size() - 1);
            assertThat(last.pages()).isEqualTo(3);
            assertThat(last.badness()).isCloseTo(40.0 / 60, org.assertj.core.api.Assertions.within(1e-12));
            double[] expected = confidence.bounds(3, 60, 40, 3 * 400, 400 + 100 + 100, 400 + 200 + 200);
            assertThat(expected[0]).isLessThan(last.badness()); // pages that disagree: a real interval
            assertThat(last.upper()).isCloseTo(expected[1], org.assertj.core.api.Assertions.within(1e-12));
            assertThat(last.upper()).isGreaterThan(last.badness());

            h.processElement(PrefixDelta.between(n, 20, 20, 0, 0, 5, NONE), 5);
            h.processWatermark(5); // withdrawn
            h.processElement(PrefixDelta.between(n, 20, 10, 0, 0, 5, NONE), 5);
            h.processWatermark(5);
            h.processElement(PrefixDelta.between(n, 20, 10, 0, 0, 5, NONE), 5);
            h.processWatermark(5);
            assertThat(h.numKeyedStateEntries()).isZero();
        }
    }

    private static KeyedOneInputStreamOperatorTestHarness<Integer, PrefixScore, Alert> verdictsHarness(
            NeighbourhoodThreshold rule) throws Exception {
        return new KeyedOneInputStreamOperatorTestHarness<>(
                new KeyedProcessOperator<>(new NeighbourhoodVerdicts(rule, 0.01)),
                NeighbourhoodVerdicts.ONE_KEY,
                Types.INT);
    }

    /** An update at event time {@code time}, and the watermark past it. */
    private static void take(
            KeyedOneInputStreamOperatorTestHarness<Integer, PrefixScore, Alert> h, PrefixScore score, long time)
            throws Exception {
        h.processElement(score, time);
        h.processWatermark(time);
    }

    private static PrefixScore at(PrefixScore score, long time) {
        return new PrefixScore(
                score.prefix(),
                score.pages(),
                score.badness(),
                score.previousPages(),
                score.previousBadness(),
                time,
                score.evidence(),
                score.threshold(),
                score.upper(),
                score.copies(),
                score.lower());
    }

    @Test
    void whenTheThresholdMovesTheNeighbourhoodsItCanTurnAreJudgedAgainWithIt() throws Exception {
        NeighbourhoodThreshold rule = NeighbourhoodThreshold.paper(1, 3, 1.0, Double.NaN);
        try (var h = verdictsHarness(rule)) {
            h.open();
            take(h, at(update("https://early.org/", 5, 0.9, 0, 0, Double.NaN), 1), 1);
            take(h, at(update("https://clean.org/", 5, 0.0, 0, 0, Double.NaN), 2), 2);
            assertThat(values(h)).isEmpty(); // no threshold yet: no verdict
            // the third neighbourhood makes the statistic known (mean 0.3 + sigma 0.37): early crosses it, so it is
            // judged again and alerts without waiting for a page of its own
            take(h, at(update("https://middling.org/", 5, 0.0, 0, 0, Double.NaN), 3), 3);
            List<Alert> alerts = values(h);
            assertThat(alerts).extracting(Alert::prefix).containsExactly("https://early.org/");
            assertThat(alerts.get(0).threshold()).isBetween(0.5, 0.9);
            assertThat(alerts.get(0).eventTime())
                    .isEqualTo(java.time.Instant.ofEpochMilli(1).toString());
        }
    }

    @Test
    void updatesAreTakenInEventTimeOrderWhateverOrderTheyArriveIn() throws Exception {
        NeighbourhoodThreshold rule = NeighbourhoodThreshold.paper(1, 2, 0.5, Double.NaN);
        List<Alert> one = at3(rule, "https://c.org/", "https://b.org/", "https://a.org/");
        List<Alert> other = at3(rule, "https://b.org/", "https://a.org/", "https://c.org/");
        // taken in prefix order: b makes the statistic known from a and b alone, and a, judged again against it,
        // alerts; taken as they arrived, c and b would set it, and a would alert against all three
        org.reusedetector.score.RunningStats ab = new org.reusedetector.score.RunningStats();
        ab.add(0.9);
        ab.add(0.1);
        for (List<Alert> alerts : List.of(one, other)) {
            assertThat(alerts)
                    .extracting(Alert::type, Alert::prefix, Alert::threshold)
                    .containsExactly(tuple(AlertType.NEIGHBORHOOD, "https://a.org/", rule.threshold(ab)));
        }
    }

    /** Three updates of one event time (a bad, b and c clean), sent in the given order, then the watermark. */
    private static List<Alert> at3(NeighbourhoodThreshold rule, String... prefixes) throws Exception {
        try (var h = verdictsHarness(rule)) {
            h.open();
            for (String prefix : prefixes) {
                double badness = prefix.equals("https://a.org/") ? 0.9 : 0.1;
                h.processElement(at(update(prefix, 3, badness, 0, 0, Double.NaN), 7), 7);
            }
            assertThat(values(h)).isEmpty(); // waiting for the watermark
            h.processWatermark(7);
            return values(h);
        }
    }

    @Test
    void theAggregateAppliesChangesInEventTimeOrderWhateverOrderTheyArriveIn() throws Exception {
        String n = "https://a.org/";
        PrefixDelta first = new PrefixDelta(n, 1, 10, 10.0, 1, NONE);
        PrefixDelta second = new PrefixDelta(n, 1, 10, 0.0, 2, NONE);
        PrefixDelta alsoSecond = new PrefixDelta(n, 1, 30, 3.0, 2, NONE);
        List<PrefixScore> inOrder;
        try (var h = aggregateHarness()) {
            h.open();
            h.processElement(first, 1);
            h.processElement(second, 2);
            h.processElement(alsoSecond, 2);
            assertThat(values(h)).isEmpty();
            h.processWatermark(2);
            inOrder = values(h);
        }
        try (var h = aggregateHarness()) {
            h.open();
            h.processElement(alsoSecond, 2);
            h.processElement(second, 2);
            h.processElement(first, 1);
            h.processWatermark(2);
            assertThat(said(values(h))).isEqualTo(said(inOrder));
        }
        assertThat(inOrder).extracting(PrefixScore::pages).containsExactly(1L, 2L, 3L);
        assertThat(inOrder.get(0).badness()).isEqualTo(1.0);
    }

    /** What each score says, as text (NaN equals NaN here). */
    private static List<String> said(List<PrefixScore> scores) {
        return scores.stream()
                .map(s -> s.prefix() + " " + s.pages() + " " + s.badness() + " " + s.previousBadness() + " "
                        + s.threshold() + " " + s.eventTime())
                .toList();
    }

    /** The operator's latest update of each neighbourhood, stamped with the threshold it was judged against. */
    private static java.util.Map<String, PrefixScore> latest(
            KeyedOneInputStreamOperatorTestHarness<Integer, PrefixScore, Alert> h) throws Exception {
        var backend = ((org.apache.flink.streaming.api.operators.AbstractStreamOperator<?>) h.getOperator())
                .getKeyedStateBackend();
        java.util.Map<String, PrefixScore> latest = new java.util.TreeMap<>();
        backend.applyToAllKeys(
                org.apache.flink.runtime.state.VoidNamespace.INSTANCE,
                org.apache.flink.runtime.state.VoidNamespaceSerializer.INSTANCE,
                new org.apache.flink.api.common.state.MapStateDescriptor<>(
                        NeighbourhoodVerdicts.VERDICTS,
                        org.apache.flink.api.common.typeutils.base.StringSerializer.INSTANCE,
                        new org.reusedetector.state.VersionedStateSerializer<>(new NeighbourhoodVerdictFormat())),
                (key, state) -> {
                    for (var entry : state.entries()) {
                        latest.put(entry.getKey(), entry.getValue().latest());
                    }
                });
        return latest;
    }

    /** The threshold the latest update of {@code prefix} was judged against. */
    private static double thresholdOf(
            KeyedOneInputStreamOperatorTestHarness<Integer, PrefixScore, Alert> h, String prefix) throws Exception {
        return latest(h).get(prefix).threshold();
    }

    @Test
    void theThresholdIsMeanPlusOneStandardDeviationOverNeighbourhoodsAndSurvivesRestore() throws Exception {
        NeighbourhoodThreshold rule = NeighbourhoodThreshold.paper(1, 2, 1.0, Double.NaN);
        OperatorSubtaskState snapshot;
        try (var h = verdictsHarness(rule)) {
            h.open();
            take(h, at(update("a", 1, 0.0, 0, 0, Double.NaN), 1), 1);
            assertThat(thresholdOf(h, "a")).isNaN(); // one neighbourhood is not a statistic
            take(h, at(update("b", 1, 1.0, 0, 0, Double.NaN), 1), 1);
            assertThat(thresholdOf(h, "b")).isEqualTo(0.5 + 0.5);
            take(h, at(update("b", 2, 0.5, 1, 1.0, Double.NaN), 1), 1); // b replaced, not added
            assertThat(thresholdOf(h, "b")).isEqualTo(0.25 + 0.25);
            snapshot = h.snapshot(1, 1);
        }
        try (var h = verdictsHarness(rule)) {
            h.initializeState(snapshot);
            h.open();
            take(h, at(update("a", 0, 0, 1, 0.0, Double.NaN), 2), 2); // a emptied: leaves the statistic, and state
            assertThat(latest(h)).containsOnlyKeys("b");
            take(h, at(update("c", 1, 0.5, 0, 0, Double.NaN), 2), 2);
            assertThat(thresholdOf(h, "c")).isEqualTo(0.5);
            // the statistic is known again (the restored last announcement was 0.5): b, judged against 0.5 before the
            // snapshot, is not judged again
            assertThat(latest(h).get("b").eventTime()).isEqualTo(1);
            assertThat(thresholdOf(h, "b")).isEqualTo(0.5);
        }
    }

    @Test
    void theRobustThresholdIgnoresTheBadNeighbourhoodsAndItsHistogramSurvivesRestore() throws Exception {
        NeighbourhoodThreshold rule = NeighbourhoodThreshold.paper(1, 2, 1.0, Double.NaN)
                .withBounds(0.05, 0.5, 2)
                .withRobust(true);
        OperatorSubtaskState snapshot;
        try (var h = verdictsHarness(rule)) {
            h.open();
            for (int i = 0; i < 7; i++) {
                take(h, at(update("clean" + i, 1, 0.0, 0, 0, Double.NaN), 1), 1);
            }
            take(h, at(update("copy0", 1, 0.9, 0, 0, Double.NaN), 1), 1);
            take(h, at(update("copy1", 1, 0.9, 0, 0, Double.NaN), 1), 1);
            // mean + sigma of seven zeros and two copies is 0.2 + 0.35: above the ceiling; median and MAD are 0: the
            // floor
            assertThat(thresholdOf(h, "copy1")).isEqualTo(0.05);
            snapshot = h.snapshot(1, 1);
        }
        try (var h = verdictsHarness(rule)) {
            h.initializeState(snapshot);
            h.open();
            for (int i = 0;
                    i < 7;
                    i++) { // the clean ones turn middling: the median moves, which only the restored histogram knows
                take(h, at(update("clean" + i, 1, 0.3, 1, 0.0, Double.NaN), 2), 2);
            }
            assertThat(thresholdOf(h, "clean6")).isCloseTo(0.3, Offset.offset(0.002)); // median 0.3, MAD 0
        }
    }

    private static SourceChunks[] tally(String source, long size, int count, long... chunks) {
        int[] counts = new int[chunks.length];
        java.util.Arrays.fill(counts, count);
        return new SourceChunks[] {new SourceChunks(source, size, "https://" + source + "/p", chunks, counts)};
    }

    private static PrefixDelta withSources(String prefix, int pagesDelta, long time, SourceChunks[] sources) {
        return new PrefixDelta(prefix, pagesDelta, 10L * pagesDelta, 0, time, NONE, 0, 0, 0, sources);
    }

    @Test
    void theAggregateKeepsSourceCoverageAndLetsItGoWithItsPages() throws Exception {
        try (var h = new KeyedOneInputStreamOperatorTestHarness<>(
                new KeyedProcessOperator<>(
                        new NeighbourhoodAggregate(2, org.reusedetector.score.NeighbourhoodConfidence.NONE, 8)),
                PrefixDelta::prefix,
                Types.STRING)) {
            h.open();
            String n = "https://copy.org/";
            h.processElement(withSources(n, 1, 1, tally("src.org", 4, 1, 1, 2)), 1);
            h.processWatermark(1);
            h.processElement(withSources(n, 1, 2, tally("src.org", 4, 1, 2, 3)), 2);
            h.processWatermark(2);
            PrefixScore two = (PrefixScore) values(h).get(1);
            assertThat(two.copies()).containsExactly(new Copy("src.org", 0.75, 3, 4, "https://src.org/p"));

            // a snapshot and restore keep the counts: withdrawing the first page leaves chunk 2 held by the second
            OperatorSubtaskState snapshot = h.snapshot(1, 3);
            try (var restored = new KeyedOneInputStreamOperatorTestHarness<>(
                    new KeyedProcessOperator<>(
                            new NeighbourhoodAggregate(2, org.reusedetector.score.NeighbourhoodConfidence.NONE, 8)),
                    PrefixDelta::prefix,
                    Types.STRING)) {
                restored.initializeState(snapshot);
                restored.open();
                restored.processElement(withSources(n, -1, 4, tally("src.org", 4, -1, 1, 2)), 4);
                restored.processWatermark(4);
                PrefixScore one = (PrefixScore) values(restored).get(0);
                assertThat(one.copies()).containsExactly(new Copy("src.org", 0.5, 2, 4, "https://src.org/p"));
                restored.processElement(withSources(n, -1, 5, tally("src.org", 4, -1, 2, 3)), 5);
                restored.processWatermark(5);
                assertThat(((PrefixScore) values(restored).get(1)).copies()).isEmpty();
                assertThat(restored.numKeyedStateEntries()).isZero();
            }
        }
    }

    @Test
    void coverageAloneMakesANeighbourhoodBadEvenBeforeTheThresholdIsKnown() throws Exception {
        NeighbourhoodThreshold rule = NeighbourhoodThreshold.paper(3, 1, 1.0, Double.NaN)
                .withBounds(0.05, 0.5, 2)
                .withRobust(true)
                .withConfidence(new org.reusedetector.score.NeighbourhoodConfidence(0.95))
                .withCoverage(new CoverageRule(0.3, 20, 8));
        try (var h = new Judged(rule)) {
            String n = "https://padded-copy.org/";
            Copy few = new Copy("src.org", 0.9, 18, 20, null);
            Copy enough = new Copy("src.org", 0.35, 35, 100, "https://src.org/");
            h.processElement(covered(n, 1, 0.02, Double.NaN, few), 1); // too few chunks of the source
            h.processElement(covered(n, 2, 0.02, Double.NaN, enough), 2); // diluted, but covers the source
            h.processElement(covered(n, 3, 0.01, 0.2, enough), 3); // the threshold is known: still bad by coverage
            h.processElement(covered(n, 4, 0.01, 0.2, new Copy("src.org", 0.1, 35, 350, null)), 4); // the source grew
            List<Alert> alerts = values(h);
            assertThat(alerts).extracting(Alert::type).containsExactly(AlertType.NEIGHBORHOOD, AlertType.CLEARED);
            assertThat(alerts.get(0).copies()).containsExactly(enough);
            assertThat(alerts.get(0).badness()).isEqualTo(0.02);
            assertThat(alerts.get(0).threshold()).as("not known yet: left out").isNull();
            assertThat(alerts.get(1).threshold()).isEqualTo(0.2);
            for (Alert alert : alerts) {
                org.reusedetector.format.FiniteNumbers.assertFiniteJson(alert);
            }
        }
    }

    private static PrefixScore covered(String prefix, long pages, double badness, double threshold, Copy copy) {
        return PrefixScore.of(prefix, pages, badness, pages - 1, badness, 1000, NONE, threshold)
                .withBounds(badness, badness)
                .withCopies(new Copy[] {copy});
    }

    @Test
    void oneCopiedPageIsNoVerdictByBadnessWithAConfidenceLevel() throws Exception {
        var confidence = new org.reusedetector.score.NeighbourhoodConfidence(0.95);
        try (var h = new KeyedOneInputStreamOperatorTestHarness<>(
                new KeyedProcessOperator<>(new NeighbourhoodAggregate(2, confidence, 8)),
                PrefixDelta::prefix,
                Types.STRING)) {
            h.open();
            h.processElement(new PrefixDelta("https://a.org/", 1, 28, 27.0, 1, NONE), 1);
            h.processWatermark(1);
            PrefixScore one = (PrefixScore) values(h).get(0);
            assertThat(one.lower()).isZero();
            assertThat(one.upper()).isEqualTo(1.0);
            NeighbourhoodThreshold rule = NeighbourhoodThreshold.paper(5, 1, 1.0, Double.NaN)
                    .withBounds(0.05, 0.5, 2)
                    .withRobust(true)
                    .withConfidence(confidence);
            assertThat(rule.turnsBad(one.pages(), one.badness(), one.lower(), 0.05, 3, one.copies()))
                    .isFalse();
        }
    }
}
