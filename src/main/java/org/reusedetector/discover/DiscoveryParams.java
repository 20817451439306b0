package org.reusedetector.discover;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.model.Label;
import org.reusedetector.page.Chunking;
import org.reusedetector.page.HashKey;
import org.reusedetector.page.StopChunks;

/**
 * Everything a discovery run needs, serializable so that Flink functions can carry it and load the stop and
 * exclude lists where they run. The defaults of every rule are those of the configuration options
 * ({@link ReuseDetectorOptions}): {@link #defaults} reads them from there.
 *
 * @param run name of the run; labels carry the source {@code discover:<run>}
 * @param minChunkLength chunks shorter than this are stop chunks (see {@link ReuseDetectorOptions#DISCOVERY_MIN_CHUNK_LENGTH})
 * @param chunking chunking and stop lists (the same as detection's, so that discovery counts the chunks detection matches)
 * @param excludeListPath hashes excluded after review, or {@code null}
 * @param threshold the discovery threshold
 * @param template the template rule
 */
public record DiscoveryParams(
        String run,
        int minChunkLength,
        Chunking chunking,
        String excludeListPath,
        ThresholdRule threshold,
        TemplateRule template)
        implements Serializable {

    public DiscoveryParams {
        if (run == null || run.isBlank()) {
            throw new IllegalArgumentException("a discovery run needs a name");
        }
        if (minChunkLength < 0) {
            throw new IllegalArgumentException("min chunk length must not be negative");
        }
    }

    /** The parameters of the default configuration. */
    public static DiscoveryParams defaults(String run) {
        return from(ReuseDetectorConfig.defaults(), run);
    }

    public static DiscoveryParams from(ReuseDetectorConfig config, String run) {
        ThresholdRule threshold = switch (config.get(ReuseDetectorOptions.DISCOVERY_THRESHOLD_MODE)) {
            case STRUCTURE -> ThresholdRule.structure(config.get(ReuseDetectorOptions.DISCOVERY_THRESHOLD_MIN_GROUP));
            case FIXED ->
                ThresholdRule.fixed(config.getOptional(ReuseDetectorOptions.DISCOVERY_THRESHOLD_COUNT)
                        .orElseThrow(() -> new IllegalArgumentException(
                                "discovery.threshold.count is required with discovery.threshold.mode FIXED")));
            case SCALED ->
                ThresholdRule.scaled(
                        config.get(ReuseDetectorOptions.DISCOVERY_THRESHOLD_SCALE),
                        config.get(ReuseDetectorOptions.DISCOVERY_THRESHOLD_EXPONENT),
                        config.get(ReuseDetectorOptions.DISCOVERY_THRESHOLD_MIN_COUNT));
        };
        TemplateRule template = new TemplateRule(
                config.get(ReuseDetectorOptions.DISCOVERY_MIN_HOSTS),
                config.get(ReuseDetectorOptions.DISCOVERY_MAX_TOP_HOST_SHARE),
                config.get(ReuseDetectorOptions.DISCOVERY_MAX_PAGES_PER_HOST));
        return new DiscoveryParams(
                run,
                config.get(ReuseDetectorOptions.DISCOVERY_MIN_CHUNK_LENGTH),
                config.chunking(),
                config.getOptional(ReuseDetectorOptions.DISCOVERY_EXCLUDE_FILE).orElse(null),
                threshold,
                template);
    }

    public DiscoveryParams withThreshold(ThresholdRule rule) {
        return new DiscoveryParams(run, minChunkLength, chunking, excludeListPath, rule, template);
    }

    public DiscoveryParams withTemplate(TemplateRule rule) {
        return new DiscoveryParams(run, minChunkLength, chunking, excludeListPath, threshold, rule);
    }

    public DiscoveryParams withMinChunkLength(int length) {
        return new DiscoveryParams(run, length, chunking, excludeListPath, threshold, template);
    }

    public DiscoveryParams withLists(boolean useDefaultStopList, String stopList, String excludeList) {
        return new DiscoveryParams(
                run,
                minChunkLength,
                chunking.withStopLists(useDefaultStopList, stopList),
                excludeList,
                threshold,
                template);
    }

    /** The {@code source} of the labels of this run. */
    public String source() {
        return Label.DISCOVERED_SOURCE_PREFIX + run;
    }

    /** Loads the stop and exclude lists (files are read here: call where the lists are needed). */
    public Eligibility eligibility() {
        StopChunks stop = chunking.stopChunks(minChunkLength);
        Set<HashKey> excluded =
                excludeListPath == null ? new HashSet<>() : Eligibility.readExcluded(Path.of(excludeListPath));
        return new Eligibility(stop, excluded);
    }
}
