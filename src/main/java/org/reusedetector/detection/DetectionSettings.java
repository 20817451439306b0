package org.reusedetector.detection;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.reusedetector.config.LabelsMode;
import org.reusedetector.config.NeighbourhoodStatistic;
import org.reusedetector.config.PageAlertType;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.imatch.Lexicon;
import org.reusedetector.page.Chunking;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.StopChunks;
import org.reusedetector.score.CoverageRule;
import org.reusedetector.score.NeighbourhoodConfidence;
import org.reusedetector.score.NeighbourhoodThreshold;
import org.reusedetector.score.PageRule;
import org.reusedetector.score.PageScorer;
import org.reusedetector.shingle.NearCopyParams;
import org.reusedetector.url.IgnoredParameters;
import org.reusedetector.url.RecursionRule;

/**
 * What the detection operators need from the configuration, in one serialisable value shipped with the job.
 * The operators build their plain-Java helpers from it in {@code open()}.
 *
 * @param maxEvidence labelled hashes named in a page alert
 * @param pageRule when a page is a target (threshold, minimum of matched chunks, phishing profile)
 * @param neighbourhoodThreshold when a URL prefix is a bad neighbourhood
 * @param labelSnapshotRun id of the label snapshot markers to wait for before scoring; {@code null} when
 *     labels need no wait (batch mode, where the broadcast side is read first)
 * @param labelPartitions number of label partitions that carry a marker of that run
 * @param ignoredParameters URL parameters left out of a page's identity (its URL key)
 * @param recursionRule pages whose URL it flags are dead letters, not scored (paper §4.4.1)
 * @param signals the optional word signals' settings
 * @param heldPagesMax pages held until the label snapshot has loaded, per operator instance, kept on the heap; the
 *     ones past it go to keyed state ({@code job.held-pages.max})
 * @param keyedLabels the keyed label mode's settings, or {@code null}: labels in broadcast state ({@code labels.mode})
 */
public record DetectionSettings(
        Chunking chunking,
        int maxBodyBytes,
        int stopMinLength,
        int maxEvidence,
        PageRule pageRule,
        NeighbourhoodThreshold neighbourhoodThreshold,
        double neighbourhoodReevaluateStep,
        long urlRetentionMillis,
        int neighbourhoodMaxDepth,
        int neighbourhoodMaxEvidence,
        int deadLetterMaxOriginalChars,
        String labelSnapshotRun,
        int labelPartitions,
        IgnoredParameters ignoredParameters,
        RecursionRule recursionRule,
        Signals signals,
        int heldPagesMax,
        KeyedLabels keyedLabels)
        implements Serializable {

    /**
     * The keyed label mode ({@code labels.mode: KEYED}).
     *
     * @param partitions partitions of the labelled set ({@code labels.keyed.partitions})
     * @param joinTimeoutMillis how long after the snapshot loaded a page may wait for its answers
     * @param rescoreRetentionMillis how far behind the newest fetch time a hash's partition remembers the pages that
     *     held it, to re-score them when its label changes ({@code labels.keyed.rescore.retention}, at most
     *     {@code neighborhood.url-retention}); 0: not at all
     * @param rescoreMaxPages the most pages remembered per hash ({@code labels.keyed.rescore.max-pages})
     */
    public record KeyedLabels(int partitions, long joinTimeoutMillis, long rescoreRetentionMillis, int rescoreMaxPages)
            implements Serializable {
        private static final long serialVersionUID = 1L;

        public KeyedLabels {
            if (partitions < 1 || partitions > 32768) {
                throw new IllegalArgumentException("labels.keyed.partitions must be 1..32768, not " + partitions);
            }
            if (rescoreRetentionMillis < 0 || rescoreMaxPages < 1) {
                throw new IllegalArgumentException("labels.keyed.rescore.retention must be >= 0 and"
                        + " labels.keyed.rescore.max-pages >= 1, not " + rescoreRetentionMillis + " ms and "
                        + rescoreMaxPages);
            }
        }

        /** Keyed labels that re-score no page when a label changes. */
        public KeyedLabels(int partitions, long joinTimeoutMillis) {
            this(partitions, joinTimeoutMillis, 0, 1);
        }

        /** Whether a label change re-scores the pages that held its hash. */
        public boolean rescores() {
            return rescoreRetentionMillis > 0;
        }
    }

    /**
     * The word signals, each {@code null} when off.
     *
     * @param lexicon I-Match lexicon: parsing then computes every page's near-duplicate signatures
     * @param nearCopy near-copy signal: parsing then samples every page's phrases and {@code shingle} labels are
     *     matched
     * @param corroboration when a host's word-signal matches are reported
     */
    public record Signals(Lexicon lexicon, NearCopyParams nearCopy, Corroboration corroboration)
            implements Serializable {
        private static final long serialVersionUID = 2L;

        public Signals(Lexicon lexicon, NearCopyParams nearCopy) {
            this(lexicon, nearCopy, Corroboration.DEFAULT);
        }
    }

    /**
     * When the word signals report a host's matches ({@code HostCorroboration}): once they match at least
     * {@code minHostPages} distinct labelled pages (1: each on its own). A generator writes some pages alike on every
     * site it builds (a help page, the legend of its diagrams), so one such page of a host is a near copy or near
     * duplicate of the labelled site's and proves nothing; a host that rewrote several of the labelled site's pages
     * copied it.
     *
     * @param minHostPages distinct labelled pages a host's matches must name
     * @param holdMillis event time a match waits for its host to get there; then it is dropped (a near copy goes on as
     *     an ordinary page)
     * @param memoryMillis how long a host stays known to match (processing time since it last did)
     */
    public record Corroboration(int minHostPages, long holdMillis, long memoryMillis) implements Serializable {
        private static final long serialVersionUID = 1L;

        /** The defaults of {@code word-signals.*}. */
        public static final Corroboration DEFAULT = new Corroboration(2, 86_400_000L, 30 * 86_400_000L);

        public Corroboration {
            if (minHostPages < 1 || holdMillis < 0 || memoryMillis < 1) {
                throw new IllegalArgumentException("word-signal corroboration needs min host pages ≥ 1, hold ≥ 0 and a"
                        + " positive memory: " + minHostPages + ", " + holdMillis + ", " + memoryMillis);
            }
        }
    }

    private static final long serialVersionUID = 1L;

    public static DetectionSettings from(ReuseDetectorConfig config, String labelSnapshotRun, int labelPartitions) {
        return new DetectionSettings(
                config.chunking(),
                config.get(ReuseDetectorOptions.MAX_BODY_BYTES),
                config.get(ReuseDetectorOptions.STOP_MIN_LENGTH),
                config.get(ReuseDetectorOptions.MAX_EVIDENCE),
                new PageRule(
                        config.get(ReuseDetectorOptions.PAGE_THRESHOLD),
                        config.get(ReuseDetectorOptions.MIN_MATCHED_CHUNKS),
                        config.get(ReuseDetectorOptions.PAGE_ALERT_TYPE) == PageAlertType.PHISH),
                new NeighbourhoodThreshold(
                        config.get(ReuseDetectorOptions.NEIGHBORHOOD_MIN_PAGES),
                        config.get(ReuseDetectorOptions.NEIGHBORHOOD_MIN_NEIGHBORHOODS),
                        config.get(ReuseDetectorOptions.NEIGHBORHOOD_STDDEVS),
                        config.getOptional(ReuseDetectorOptions.NEIGHBORHOOD_FIXED_THRESHOLD)
                                .orElse(Double.NaN),
                        config.get(ReuseDetectorOptions.NEIGHBORHOOD_THRESHOLD_FLOOR),
                        config.get(ReuseDetectorOptions.NEIGHBORHOOD_THRESHOLD_CEILING),
                        config.get(ReuseDetectorOptions.NEIGHBORHOOD_MIN_EVIDENCE),
                        config.get(ReuseDetectorOptions.NEIGHBORHOOD_STATISTIC) == NeighbourhoodStatistic.ROBUST,
                        new NeighbourhoodConfidence(
                                config.get(ReuseDetectorOptions.NEIGHBORHOOD_CONFIDENCE),
                                config.get(ReuseDetectorOptions.NEIGHBORHOOD_ALERT_ON_LOWER_BOUND)),
                        new CoverageRule(
                                config.get(ReuseDetectorOptions.NEIGHBORHOOD_COVERAGE_MIN_SHARE),
                                config.get(ReuseDetectorOptions.NEIGHBORHOOD_COVERAGE_MIN_CHUNKS),
                                config.get(ReuseDetectorOptions.NEIGHBORHOOD_COVERAGE_MAX_SOURCES)),
                        config.get(ReuseDetectorOptions.NEIGHBORHOOD_THRESHOLD_TOLERANCE)),
                config.get(ReuseDetectorOptions.NEIGHBORHOOD_REEVALUATE_STEP),
                config.get(ReuseDetectorOptions.NEIGHBORHOOD_URL_RETENTION).toMillis(),
                config.get(ReuseDetectorOptions.NEIGHBORHOOD_MAX_DEPTH),
                config.get(ReuseDetectorOptions.NEIGHBORHOOD_MAX_EVIDENCE),
                config.get(ReuseDetectorOptions.DEAD_LETTER_MAX_ORIGINAL_BYTES),
                labelSnapshotRun,
                labelPartitions,
                IgnoredParameters.of(config.get(ReuseDetectorOptions.URL_IGNORED_PARAMETERS)),
                new RecursionRule(
                        config.get(ReuseDetectorOptions.RECURSION_MAX_REPEATS),
                        config.get(ReuseDetectorOptions.RECURSION_MIN_DISTINCT_REPEATED),
                        config.get(ReuseDetectorOptions.RECURSION_PAIR_REPEATS)),
                new Signals(
                        lexicon(config),
                        nearCopy(config),
                        new Corroboration(
                                config.get(ReuseDetectorOptions.WORD_SIGNALS_MIN_HOST_PAGES),
                                config.get(ReuseDetectorOptions.WORD_SIGNALS_HOLD)
                                        .toMillis(),
                                config.get(ReuseDetectorOptions.NEIGHBORHOOD_URL_RETENTION)
                                        .toMillis())),
                config.get(ReuseDetectorOptions.HELD_PAGES_MAX),
                config.get(ReuseDetectorOptions.LABELS_MODE) == LabelsMode.KEYED
                        ? new KeyedLabels(
                                config.get(ReuseDetectorOptions.LABELS_KEYED_PARTITIONS),
                                config.get(ReuseDetectorOptions.LABELS_KEYED_JOIN_TIMEOUT)
                                        .toMillis(),
                                // a re-score must not outlive the URL's contribution it replaces (UrlContributions)
                                Math.min(
                                        config.get(ReuseDetectorOptions.LABELS_KEYED_RESCORE_RETENTION)
                                                .toMillis(),
                                        config.get(ReuseDetectorOptions.NEIGHBORHOOD_URL_RETENTION)
                                                .toMillis()),
                                config.get(ReuseDetectorOptions.LABELS_KEYED_RESCORE_MAX_PAGES))
                        : null);
    }

    /** The near-copy parameters when {@code shingles.near-copy.enabled}, else {@code null}. */
    public static NearCopyParams nearCopy(ReuseDetectorConfig config) {
        return config.get(ReuseDetectorOptions.NEAR_COPY_ENABLED) ? nearCopyParams(config) : null;
    }

    /** The near-copy parameters of the configuration, whether the signal is on or not. */
    public static NearCopyParams nearCopyParams(ReuseDetectorConfig config) {
        return new NearCopyParams(
                config.get(ReuseDetectorOptions.NEAR_COPY_PHRASE_WORDS),
                config.get(ReuseDetectorOptions.NEAR_COPY_THRESHOLD),
                config.get(ReuseDetectorOptions.NEAR_COPY_SAMPLE_BITS),
                config.get(ReuseDetectorOptions.NEAR_COPY_MIN_PHRASES),
                config.get(ReuseDetectorOptions.NEAR_COPY_MIN_PAGE_SHARE),
                config.get(ReuseDetectorOptions.NEAR_COPY_MAX_PAGE_PHRASES));
    }

    /** The same settings with another near-copy setting ({@code null}: off). */
    public DetectionSettings withNearCopy(NearCopyParams other) {
        return withSignals(new Signals(signals.lexicon(), other, signals.corroboration()));
    }

    /** The lexicon of {@code imatch.lexicon}, with {@code imatch.randomized} applied, or {@code null}. */
    public static Lexicon lexicon(ReuseDetectorConfig config) {
        String file = config.getOptional(ReuseDetectorOptions.IMATCH_LEXICON).orElse("");
        if (file.isBlank()) {
            return null;
        }
        Lexicon lexicon;
        try {
            lexicon = Lexicon.read(Path.of(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the I-Match lexicon " + file + ": " + e.getMessage(), e);
        }
        Integer k = config.getOptional(ReuseDetectorOptions.IMATCH_RANDOMIZED).orElse(null);
        return k == null ? lexicon : lexicon.withRandomized(k);
    }

    /** The same settings with another lexicon ({@code null}: no I-Match signatures). */
    public DetectionSettings withLexicon(Lexicon other) {
        return withSignals(new Signals(other, signals.nearCopy(), signals.corroboration()));
    }

    private DetectionSettings withSignals(Signals other) {
        return with(labelSnapshotRun, labelPartitions, other, heldPagesMax);
    }

    /** A copy with the components that the {@code with…} methods change; every other one stays. */
    private DetectionSettings with(
            String snapshotRun, int snapshotPartitions, Signals otherSignals, int otherHeldPagesMax) {
        return new DetectionSettings(
                chunking,
                maxBodyBytes,
                stopMinLength,
                maxEvidence,
                pageRule,
                neighbourhoodThreshold,
                neighbourhoodReevaluateStep,
                urlRetentionMillis,
                neighbourhoodMaxDepth,
                neighbourhoodMaxEvidence,
                deadLetterMaxOriginalChars,
                snapshotRun,
                snapshotPartitions,
                ignoredParameters,
                recursionRule,
                otherSignals,
                otherHeldPagesMax,
                keyedLabels);
    }

    /** The same settings with the labels in broadcast state (batch jobs, which read the labels first). */
    public DetectionSettings withBroadcastLabels() {
        return new DetectionSettings(
                chunking,
                maxBodyBytes,
                stopMinLength,
                maxEvidence,
                pageRule,
                neighbourhoodThreshold,
                neighbourhoodReevaluateStep,
                urlRetentionMillis,
                neighbourhoodMaxDepth,
                neighbourhoodMaxEvidence,
                deadLetterMaxOriginalChars,
                labelSnapshotRun,
                labelPartitions,
                ignoredParameters,
                recursionRule,
                signals,
                heldPagesMax,
                null);
    }

    /** The I-Match lexicon, or {@code null}: no I-Match signatures. */
    public Lexicon lexicon() {
        return signals.lexicon();
    }

    /** The near-copy parameters, or {@code null}: the near-copy signal is off. */
    /** When the word signals report a host's matches. */
    public Corroboration corroboration() {
        return signals.corroboration();
    }

    /** The same settings with another corroboration rule. */
    public DetectionSettings withCorroboration(Corroboration other) {
        return withSignals(new Signals(signals.lexicon(), signals.nearCopy(), other));
    }

    public NearCopyParams nearCopy() {
        return signals.nearCopy();
    }

    public DetectionSettings withoutSnapshotWait() {
        return with(null, 0, signals, heldPagesMax);
    }

    /** The same settings with another limit of held pages on the heap ({@code job.held-pages.max}). */
    public DetectionSettings withHeldPagesMax(int other) {
        return with(labelSnapshotRun, labelPartitions, signals, other);
    }

    public PageHasher pageHasher() {
        return chunking.hasher();
    }

    public StopChunks stopChunks() {
        return chunking.stopChunks(stopMinLength);
    }

    public PageScorer pageScorer() {
        return new PageScorer(
                stopChunks(), maxEvidence, neighbourhoodThreshold.coverage().maxSources());
    }
}
