package org.reusedetector.discover;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.reusedetector.model.Label;

/**
 * The results of a discovery run.
 *
 * @param summary what the run did
 * @param frequent every hash at or above its threshold with its verdict, most frequent first (for review)
 * @param labels the label candidates ({@code op=add}), in the same order
 * @param histogram the frequency-occurrence curves of chunks and files, by kind and occurrences
 */
public record DiscoveryRun(
        DiscoverySummary summary, List<HashCount> frequent, List<Label> labels, List<HistogramRow> histogram) {

    /** Most frequent first; ties by kind and hash so that outputs are reproducible. */
    public static final Comparator<HashCount> FREQUENT_ORDER = Comparator.comparingLong(HashCount::count)
            .reversed()
            .thenComparing(HashCount::kind)
            .thenComparing(HashCount::hash);

    /** Orders the (unordered) results of a run and derives its labels. */
    public static DiscoveryRun of(
            DiscoverySummary summary, List<HashCount> frequent, List<HistogramRow> histogram, String source) {
        return of(summary, frequent, histogram, source, Map.of());
    }

    /**
     * Orders the (unordered) results of a run and derives its labels, each naming its family's source where
     * {@code familySources} (family id to source URL, {@link Families#sourceUrls}) knows it.
     */
    public static DiscoveryRun of(
            DiscoverySummary summary,
            List<HashCount> frequent,
            List<HistogramRow> histogram,
            String source,
            Map<String, String> familySources) {
        List<HashCount> ordered = new ArrayList<>(frequent);
        ordered.sort(FREQUENT_ORDER);
        List<Label> labels = new ArrayList<>();
        for (HashCount c : ordered) {
            if (c.verdict().published()) {
                Label label = c.toLabel(source);
                labels.add(c.family() == null ? label : label.withFamilySource(familySources.get(c.family())));
            }
        }
        List<HistogramRow> rows = new ArrayList<>(histogram);
        rows.sort(Comparator.comparing(HistogramRow::kind).thenComparingLong(HistogramRow::occurrences));
        return new DiscoveryRun(summary, List.copyOf(ordered), List.copyOf(labels), List.copyOf(rows));
    }
}
