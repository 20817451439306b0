package org.reusedetector.discover;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.page.ContentForm;
import org.reusedetector.page.HashKey;
import org.reusedetector.page.HtmlChunker;
import org.reusedetector.page.StopChunks;

/**
 * Everything a discovery run needs, serializable so that Flink functions can carry it and load the stop and
 * exclude lists where they run.
 *
 * @param run name of the run; labels carry the source {@code discover:<run>}
 * @param minChunkLength chunks shorter than this are stop chunks (see {@link ReuseDetectorOptions#DISCOVERY_MIN_CHUNK_LENGTH})
 * @param defaultStopList use the shipped stop list
 * @param stopListPath a further stop list, or {@code null}
 * @param excludeListPath hashes excluded after review, or {@code null}
 * @param chunkTags chunking elements (to bring raw stop-list chunks into the chunker's form)
 * @param contentForm chunk content form (same reason)
 * @param threshold the discovery threshold
 * @param template the template rule
 */
public record DiscoveryParams(
        String run,
        int minChunkLength,
        boolean defaultStopList,
        String stopListPath,
        String excludeListPath,
        List<String> chunkTags,
        ContentForm contentForm,
        ThresholdRule threshold,
        TemplateRule template) implements Serializable {

    public static final String SOURCE_PREFIX = "discover:";
    public static final int DEFAULT_MIN_CHUNK_LENGTH = 100;

    public DiscoveryParams {
        if (run == null || run.isBlank()) {
            throw new IllegalArgumentException("a discovery run needs a name");
        }
        if (minChunkLength < 0) {
            throw new IllegalArgumentException("min chunk length must not be negative");
        }
        chunkTags = List.copyOf(chunkTags);
    }

    public static DiscoveryParams defaults(String run) {
        return new DiscoveryParams(run, DEFAULT_MIN_CHUNK_LENGTH, true, null, null, List.of("p", "div"), ContentForm.TEXT,
                ThresholdRule.defaults(), TemplateRule.defaults());
    }

    public static DiscoveryParams from(ReuseDetectorConfig config, String run) {
        ThresholdRule threshold = switch (config.get(ReuseDetectorOptions.DISCOVERY_THRESHOLD_MODE)) {
            case STRUCTURE -> ThresholdRule.structure(config.get(ReuseDetectorOptions.DISCOVERY_THRESHOLD_MIN_GROUP));
            case FIXED -> ThresholdRule.fixed(config.getOptional(ReuseDetectorOptions.DISCOVERY_THRESHOLD_COUNT)
                    .orElseThrow(() -> new IllegalArgumentException(ReuseDetectorOptions.DISCOVERY_THRESHOLD_COUNT.key()
                            + " is required with discovery.threshold.mode FIXED")));
            case SCALED -> ThresholdRule.scaled(config.get(ReuseDetectorOptions.DISCOVERY_THRESHOLD_SCALE),
                    config.get(ReuseDetectorOptions.DISCOVERY_THRESHOLD_EXPONENT), config.get(ReuseDetectorOptions.DISCOVERY_THRESHOLD_MIN_COUNT));
        };
        TemplateRule template = new TemplateRule(config.get(ReuseDetectorOptions.DISCOVERY_MIN_HOSTS),
                config.get(ReuseDetectorOptions.DISCOVERY_MAX_TOP_HOST_SHARE), config.get(ReuseDetectorOptions.DISCOVERY_MAX_PAGES_PER_HOST));
        return new DiscoveryParams(run, config.get(ReuseDetectorOptions.DISCOVERY_MIN_CHUNK_LENGTH),
                config.get(ReuseDetectorOptions.STOP_DEFAULT_LIST), config.getOptional(ReuseDetectorOptions.STOP_FILE).orElse(null),
                config.getOptional(ReuseDetectorOptions.DISCOVERY_EXCLUDE_FILE).orElse(null), config.get(ReuseDetectorOptions.CHUNK_TAGS),
                config.get(ReuseDetectorOptions.CHUNK_CONTENT_FORM), threshold, template);
    }

    public DiscoveryParams withThreshold(ThresholdRule rule) {
        return new DiscoveryParams(run, minChunkLength, defaultStopList, stopListPath, excludeListPath, chunkTags, contentForm, rule, template);
    }

    public DiscoveryParams withTemplate(TemplateRule rule) {
        return new DiscoveryParams(run, minChunkLength, defaultStopList, stopListPath, excludeListPath, chunkTags, contentForm, threshold, rule);
    }

    public DiscoveryParams withMinChunkLength(int length) {
        return new DiscoveryParams(run, length, defaultStopList, stopListPath, excludeListPath, chunkTags, contentForm, threshold, template);
    }

    public DiscoveryParams withLists(boolean useDefaultStopList, String stopList, String excludeList) {
        return new DiscoveryParams(run, minChunkLength, useDefaultStopList, stopList, excludeList, chunkTags, contentForm, threshold, template);
    }

    /** The {@code source} of the labels of this run. */
    public String source() {
        return SOURCE_PREFIX + run;
    }

    /** Loads the stop and exclude lists (files are read here: call where the lists are needed). */
    public Eligibility eligibility() {
        HtmlChunker chunker = new HtmlChunker(Set.copyOf(chunkTags), contentForm);
        StopChunks stop = StopChunks.load(minChunkLength, chunker, defaultStopList, stopListPath == null ? null : Path.of(stopListPath));
        Set<HashKey> excluded = excludeListPath == null ? new HashSet<>() : Eligibility.readExcluded(Path.of(excludeListPath));
        return new Eligibility(stop, excluded);
    }
}
