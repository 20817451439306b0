package org.reusedetector.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.reusedetector.config.ConfigArguments;
import org.reusedetector.config.ReuseDetectorConfig;
import org.reusedetector.config.ReuseDetectorOptions;
import org.reusedetector.format.PageFiles;
import org.reusedetector.model.PageRecord;
import org.reusedetector.page.PageHasher;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.shingle.MinHash;
import org.reusedetector.shingle.OnePermutationHash;
import org.reusedetector.shingle.PageSketcher;
import org.reusedetector.shingle.Sketches;
import org.reusedetector.url.Sites;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code benchmark sketches}: a check, not a timing. The near-copy sketch of one-permutation hashing against the 84
 * independent min-hashes it replaced, on the pairs the near-copy signal can compare: each page of a crawl with each
 * reference page (what {@code label} makes {@code shingle} labels of) of another site, all of them, so that no
 * estimator picks the pairs. Per pair, both estimates and the exact resemblance of the two pages' circular phrase sets;
 * as a yardstick of what 84 values allow, the old estimator with other random functions (another seed) against itself;
 * and the pairs and pages at or above the near-copy threshold under each.
 */
@Command(
        name = "sketches",
        mixinStandardHelpOptions = true,
        description =
                "Compares the near-copy sketch (one-permutation hashing) with the 84 independent min-hashes on a crawl's page and "
                        + "reference pairs: estimates against each other and against the exact resemblance.")
final class SketchesBenchmark implements Callable<Integer> {

    @Mixin
    ConfigArguments configOptions;

    @Option(
            names = "--input",
            required = true,
            paramLabel = "CRAWL",
            description = "A crawl directory (pages.jsonl.gz and reference.jsonl.gz).")
    Path input;

    @Option(
            names = "--floor",
            defaultValue = "0.2",
            description = "Pairs whose exact resemblance reaches this are summarised (default: ${DEFAULT-VALUE}).")
    double floor;

    @Mixin
    BenchmarkFigures figures;

    /** One page: URL, site, distinct sorted phrases, and its sketch by each estimator. */
    private record Sketched(String url, String site, long[] phrases, long[] old, long[] reseeded, long[] oph) {}

    @Override
    public Integer call() throws Exception {
        ReuseDetectorConfig config = configOptions.load();
        int k = config.get(ReuseDetectorOptions.SHINGLE_PHRASE_WORDS);
        double threshold = config.get(ReuseDetectorOptions.NEAR_COPY_THRESHOLD);
        PageHasher hasher = config.chunking().hasher();
        int maxBody = config.get(ReuseDetectorOptions.MAX_BODY_BYTES);
        List<Sketched> reference = sketch(input.resolve("reference.jsonl.gz"), hasher, maxBody, k);
        List<Sketched> pages = sketch(input.resolve("pages.jsonl.gz"), hasher, maxBody, k);
        long pairs = 0;
        int summarised = 0;
        double sumDiff = 0;
        double sumAbsDiff = 0;
        double maxAbsDiff = 0;
        double sumOldErr = 0;
        double sumOphErr = 0;
        double sumAbsOldErr = 0;
        double sumAbsOphErr = 0;
        double maxAbsOldErr = 0;
        double maxAbsOphErr = 0;
        double sumAbsReseed = 0;
        double maxAbsReseed = 0;
        int oldAbove = 0;
        int ophAbove = 0;
        int bothAbove = 0;
        int exactAbove = 0;
        int oldPages = 0;
        int ophPages = 0;
        int exactPages = 0;
        for (Sketched page : pages) {
            if (page.oph().length == 0) {
                continue;
            }
            double bestOld = 0;
            double bestOph = 0;
            double bestExact = 0;
            for (Sketched ref : reference) {
                if (ref.oph().length == 0 || page.site() != null && Objects.equals(page.site(), ref.site())) {
                    continue; // the signal matches only labelled pages of another site
                }
                pairs++;
                double old = Sketches.resemblance(page.old(), ref.old());
                double oph = Sketches.resemblance(page.oph(), ref.oph());
                double reseeded = Sketches.resemblance(page.reseeded(), ref.reseeded());
                double exact = jaccard(page.phrases(), ref.phrases());
                oldAbove += old >= threshold ? 1 : 0;
                ophAbove += oph >= threshold ? 1 : 0;
                bothAbove += old >= threshold && oph >= threshold ? 1 : 0;
                exactAbove += exact >= threshold ? 1 : 0;
                bestOld = Math.max(bestOld, old);
                bestOph = Math.max(bestOph, oph);
                bestExact = Math.max(bestExact, exact);
                if (exact < floor) {
                    continue;
                }
                summarised++;
                sumDiff += oph - old;
                sumAbsDiff += Math.abs(oph - old);
                maxAbsDiff = Math.max(maxAbsDiff, Math.abs(oph - old));
                sumOldErr += old - exact;
                sumOphErr += oph - exact;
                sumAbsOldErr += Math.abs(old - exact);
                sumAbsOphErr += Math.abs(oph - exact);
                maxAbsOldErr = Math.max(maxAbsOldErr, Math.abs(old - exact));
                maxAbsOphErr = Math.max(maxAbsOphErr, Math.abs(oph - exact));
                sumAbsReseed += Math.abs(reseeded - old);
                maxAbsReseed = Math.max(maxAbsReseed, Math.abs(reseeded - old));
            }
            oldPages += bestOld >= threshold ? 1 : 0;
            ophPages += bestOph >= threshold ? 1 : 0;
            exactPages += bestExact >= threshold ? 1 : 0;
        }
        int n = Math.max(1, summarised);
        figures.put("pages", pages.size())
                .put("reference_pages", reference.size())
                .put("all_pairs", pairs)
                .put("pairs", summarised)
                .put("floor", floor, 2)
                .put("mean_diff", sumDiff / n, 4)
                .put("mean_abs_diff", sumAbsDiff / n, 4)
                .put("max_abs_diff", maxAbsDiff, 4)
                .put("old_mean_error", sumOldErr / n, 4)
                .put("oph_mean_error", sumOphErr / n, 4)
                .put("old_mean_abs_error", sumAbsOldErr / n, 4)
                .put("oph_mean_abs_error", sumAbsOphErr / n, 4)
                .put("old_max_abs_error", maxAbsOldErr, 4)
                .put("oph_max_abs_error", maxAbsOphErr, 4)
                .put("reseeded_mean_abs_diff", sumAbsReseed / n, 4)
                .put("reseeded_max_abs_diff", maxAbsReseed, 4)
                .put("old_above_threshold", oldAbove)
                .put("oph_above_threshold", ophAbove)
                .put("both_above_threshold", bothAbove)
                .put("exact_above_threshold", exactAbove)
                .put("old_pages_above_threshold", oldPages)
                .put("oph_pages_above_threshold", ophPages)
                .put("exact_pages_above_threshold", exactPages);
        figures.line(
                "benchmark sketches: %s (%d pages, %d reference pages; k = %d)",
                input, pages.size(), reference.size(), k);
        figures.line(
                "  %d pairs of a page and a reference page of another site, %d with an exact resemblance ≥ %.2f:",
                pairs, summarised, floor);
        figures.line(
                "  one-permutation − independent: mean %+.4f, mean |Δ| %.4f, max |Δ| %.4f",
                sumDiff / n, sumAbsDiff / n, maxAbsDiff);
        figures.line(
                "  against the exact resemblance: independent mean error %+.4f, mean |error| %.4f (max %.4f); one-permutation"
                        + " %+.4f, %.4f (max %.4f)",
                sumOldErr / n, sumAbsOldErr / n, maxAbsOldErr, sumOphErr / n, sumAbsOphErr / n, maxAbsOphErr);
        figures.line(
                "  yardstick, independent with another seed − independent: mean |Δ| %.4f, max |Δ| %.4f",
                sumAbsReseed / n, maxAbsReseed);
        figures.line(
                "  pairs at or above the threshold %.2f: independent %d, one-permutation %d, both %d, exact %d",
                threshold, oldAbove, ophAbove, bothAbove, exactAbove);
        figures.line(
                "  pages whose best reference page is at or above it (near-copy alerts, LSH aside): independent %d,"
                        + " one-permutation %d, exact %d",
                oldPages, ophPages, exactPages);
        figures.finish();
        return 0;
    }

    private static List<Sketched> sketch(Path file, PageHasher hasher, int maxBody, int k) throws Exception {
        if (!Files.exists(file)) {
            throw new IllegalArgumentException("no " + file);
        }
        PageRecordParser parser = new PageRecordParser(maxBody);
        PageSketcher words = new PageSketcher(k);
        MinHash old = new MinHash(MinHash.SELECTORS);
        MinHash reseeded = new MinHash(MinHash.SELECTORS, 0x5851f42d4c957f2dL);
        OnePermutationHash oph = new OnePermutationHash(OnePermutationHash.BINS);
        List<Sketched> out = new ArrayList<>();
        try (var records = PageFiles.open(file, maxBody)) {
            while (records.hasNext()) {
                PageRecord page;
                try {
                    page = parser.parse(records.next().value());
                    hasher.hashWithChunks(page.url(), 0, page.body(), words);
                } catch (PageRecordParser.Rejected | RuntimeException e) {
                    words.reset();
                    continue; // not a page the stream would sketch
                }
                int count = words.wordCount();
                long[] phrases = Arrays.copyOf(words.phrases(), count);
                long[] distinct = phrases.clone();
                Arrays.sort(distinct);
                int d = 0;
                for (int i = 0; i < distinct.length; i++) {
                    if (i == 0 || distinct[i] != distinct[i - 1]) {
                        distinct[d++] = distinct[i];
                    }
                }
                out.add(new Sketched(
                        page.url(),
                        Sites.ofUrl(page.url()),
                        Arrays.copyOf(distinct, d),
                        count == 0 ? new long[0] : old.shingles(phrases, count),
                        count == 0 ? new long[0] : reseeded.shingles(phrases, count),
                        oph.sketch(phrases, count)));
                words.reset();
            }
        }
        return out;
    }

    /** |A ∩ B| / |A ∪ B| of two sorted sets of distinct values. */
    static double jaccard(long[] a, long[] b) {
        int i = 0;
        int j = 0;
        int common = 0;
        while (i < a.length && j < b.length) {
            if (a[i] == b[j]) {
                common++;
                i++;
                j++;
            } else if (a[i] < b[j]) {
                i++;
            } else {
                j++;
            }
        }
        int union = a.length + b.length - common;
        return union == 0 ? 0 : (double) common / union;
    }
}
