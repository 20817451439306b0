package org.reusedetector.signal.quilt;

import static org.apache.flink.configuration.ConfigOptions.key;

import java.time.Duration;
import java.util.List;
import org.apache.flink.configuration.ConfigOption;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.shingle.QuiltParams;

/** The quilt signal's options ({@code shingles.quilt.*}), registered through {@link QuiltSignal#options()}. */
public final class QuiltOptions {

    private QuiltOptions() {}

    public static final ConfigOption<Boolean> ENABLED = key("shingles.quilt.enabled")
            .booleanType()
            .defaultValue(false)
            .withDescription(
                    "Quilt signal in the stream: pages at least half of whose sampled 5-grams are patch grams (held by 1 to 49 recent"
                            + " pages, one on another site) covered by at least 3 foreign pages raise 'quilt' alerts (see 'quilts' for the rule).");
    public static final ConfigOption<Integer> SAMPLE_MODULUS = key("shingles.quilt.sample-modulus")
            .intType()
            .defaultValue(8)
            .withDescription(
                    "Index and judge only grams whose fingerprint is 0 modulo this (1 = every gram): the index's size and the job's"
                            + " cost fall by this factor.");
    public static final ConfigOption<Duration> TTL = key("shingles.quilt.ttl")
            .durationType()
            .defaultValue(Duration.ofDays(7))
            .withDescription(
                    "How long the gram index remembers a gram's holders after the fetch time of their last update, in event time"
                            + " (the state's size is bounded by twice this in processing time).");
    public static final ConfigOption<Integer> SHARDS = key("shingles.quilt.shards")
            .intType()
            .defaultValue(4)
            .withDescription(
                    "Shards of the gram index: a page sends one record per shard holding any of its sampled grams (not one per gram);"
                            + " the shards are spread evenly over the index's subtasks, so more shards than the job's parallelism use no more"
                            + " subtasks but send more records. Changing it starts the index afresh (the old entries expire by their TTL).");
    public static final ConfigOption<Integer> MIN_GRAMS = key("shingles.quilt.min-grams")
            .intType()
            .defaultValue(8)
            .withDescription("Pages with fewer sampled grams are not judged.");

    /** Every option here, in declaration order. */
    static final List<ConfigOption<?>> ALL = List.of(ENABLED, SAMPLE_MODULUS, TTL, SHARDS, MIN_GRAMS);

    /** The quilt signal's settings when {@code shingles.quilt.enabled}, else {@code null}. */
    public static QuiltStream enabledSettings(ReuseDetectorConfig config) {
        return config.get(ENABLED) ? settings(config) : null;
    }

    /** The quilt signal's settings of the configuration, whether the signal is on or not. */
    public static QuiltStream settings(ReuseDetectorConfig config) {
        QuiltParams d = QuiltParams.DEFAULTS;
        return new QuiltStream(
                new QuiltParams(
                        config.get(ReuseDetectorOptions.SHINGLE_PHRASE_WORDS),
                        d.m(),
                        d.c(),
                        d.theta(),
                        d.minSourceGrams(),
                        d.ownSiteTextExcluded(),
                        d.borrowersExcluded(),
                        d.copyResemblance(),
                        d.siblingCopiesExcluded()),
                config.get(SAMPLE_MODULUS),
                config.get(TTL).toMillis(),
                config.get(MIN_GRAMS),
                config.get(SHARDS));
    }
}
