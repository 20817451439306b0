package org.reusedetector.shingle;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.model.Alert;
import org.reusedetector.page.PageHasher;
import org.reusedetector.url.Sites;

/**
 * The {@code quilts} batch run: reads a corpus, finds its (k, m, c, θ)-quilted pages with foreign sources, writes
 * {@value #QUILTS} (one line a quilt: url, covered_fraction, sources [{url, grams}], and the patch figures) and
 * {@value #SUMMARY}. Plain Java rather than a Flink job: the greedy cover needs, for each page, random access to the
 * patch grams of every candidate source, which a keyed dataflow can give only by shuffling every (page, gram) pair
 * twice; for crawls of the standard size the whole index fits in memory (see {@link QuiltAnalysis}).
 */
public final class QuiltsRun {

    public static final String QUILTS = "quilts.jsonl";
    public static final String SUMMARY = "summary.json";
    public static final String VERDICTS = "verdicts.jsonl";

    /**
     * What a run did.
     *
     * @param judged pages whose patch fraction reached θ (their sources were computed)
     * @param coverageHistogram quilts per tenth of covered fraction ([0, 0.1), …, [0.9, 1.0])
     * @param copySites copy sites, "copier → copied", and mirrors, "mirror ≈ mirrored" (with {@code
     *     copySitesExcluded})
     */
    public record Summary(
            String input,
            long records,
            long pages,
            long rejected,
            long revisits,
            long htmlBytes,
            int k,
            int m,
            int c,
            double theta,
            int minSourceGrams,
            boolean ownSiteTextExcluded,
            boolean borrowersExcluded,
            double copyResemblance,
            boolean siblingCopiesExcluded,
            boolean copySitesExcluded,
            boolean collapsed,
            long judged,
            long quilts,
            double meanSources,
            long[] coverageHistogram,
            List<String> copySites,
            double seconds,
            double pagesPerSecond) {}

    private QuiltsRun() {}

    public static Summary run(
            Path input, PageHasher hasher, int maxBodyBytes, QuiltParams params, boolean collapse, Path out)
            throws IOException {
        return run(input, hasher, maxBodyBytes, params, collapse, out, false);
    }

    /** @param allVerdicts also write {@value #VERDICTS}: every judged page, quilted or not (to study the rule) */
    public static Summary run(
            Path input,
            PageHasher hasher,
            int maxBodyBytes,
            QuiltParams params,
            boolean collapse,
            Path out,
            boolean allVerdicts)
            throws IOException {
        long start = System.nanoTime();
        QuiltAnalysis analysis = new QuiltAnalysis(params, collapse);
        MinHash minHash = new MinHash(MinHash.SELECTORS);
        Map<String, Long> fetchedAt = new HashMap<>(); // the fetch judged: the latest of its URL

        ShingleCorpus.Totals totals = ShingleCorpus.read(input, hasher, maxBodyBytes, false, (page, replaces) -> {
            String url = page.words().url();
            fetchedAt.put(url, page.fetchedAtMillis());
            long[] words = page.words().words();
            long[] phrases = Phrases.circular(words, params.k());
            long[] grams = Phrases.gramSetOfPhrases(phrases, params.k());
            long[] shingles = minHash.shingles(phrases, minHash.selectPositions(phrases));
            if (replaces < 0) {
                analysis.add(url, Sites.ofUrl(url), grams, shingles);
            } else {
                analysis.replace(replaces, url, Sites.ofUrl(url), grams, shingles);
            }
        });
        Files.createDirectories(out);
        long[] judged = {0};
        long[] quilts = {0};
        long[] sources = {0};
        long[] histogram = new long[10];
        try (BufferedWriter writer = JsonLines.writer(out.resolve(QUILTS));
                BufferedWriter all = allVerdicts ? JsonLines.writer(out.resolve(VERDICTS)) : null) {
            analysis.analyse(verdict -> {
                judged[0]++;
                if (all != null) {
                    try {
                        all.write(Json.write(verdict));
                        all.newLine();
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
                if (!verdict.quilted()) {
                    return;
                }
                quilts[0]++;
                sources[0] += verdict.sources().size();
                histogram[Math.min(9, (int) (verdict.coveredFraction() * 10))]++;
                try {
                    writer.write(Json.write(new QuiltLine(
                            verdict.url(),
                            Instant.ofEpochMilli(fetchedAt.get(verdict.url())).toString(),
                            round(verdict.coveredFraction()),
                            round(verdict.patchFraction()),
                            verdict.grams(),
                            verdict.patchGrams(),
                            verdict.countedSources(),
                            verdict.sources(),
                            verdict.copies())));
                    writer.newLine();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Summary summary = new Summary(
                input.toString(),
                totals.records(),
                totals.pages(),
                totals.rejected(),
                totals.revisits(),
                totals.htmlBytes(),
                params.k(),
                params.m(),
                params.c(),
                params.theta(),
                params.minSourceGrams(),
                params.ownSiteTextExcluded(),
                params.borrowersExcluded(),
                params.copyResemblance(),
                params.siblingCopiesExcluded(),
                params.copySitesExcluded(),
                collapse,
                judged[0],
                quilts[0],
                quilts[0] == 0 ? 0 : round(sources[0] / (double) quilts[0]),
                histogram,
                analysis.copySitePairs(),
                round(seconds),
                round(totals.pages() / seconds));
        Files.writeString(out.resolve(SUMMARY), Json.write(summary) + "\n");
        return summary;
    }

    /**
     * One line of {@value #QUILTS}.
     *
     * @param eventTime the fetch time of the page judged (ISO-8601)
     */
    public record QuiltLine(
            String url,
            String eventTime,
            double coveredFraction,
            double patchFraction,
            int grams,
            int patchGrams,
            int countedSources,
            List<QuiltAnalysis.Source> sources,
            List<String> copies) {

        /**
         * The quilt as a {@code quilt} alert ({@link Alert#quilt}): its covered fraction against θ, its counted sources
         * in cover order.
         */
        public Alert alert(double theta) {
            List<String> counted = sources.stream()
                    .filter(QuiltAnalysis.Source::counted)
                    .map(QuiltAnalysis.Source::url)
                    .toList();
            return Alert.quilt(url, Instant.parse(eventTime).toEpochMilli(), coveredFraction, theta, counted);
        }
    }

    /**
     * The quilts of a run's {@value #QUILTS} as {@code quilt} alerts, read lazily (close the stream); a line that is no
     * quilt fails the stream at that line.
     */
    public static Stream<Alert> alerts(Path quilts, double theta) throws IOException {
        Stream<String> lines = Files.lines(quilts, StandardCharsets.UTF_8);
        return lines.filter(line -> !line.isBlank()).map(line -> {
            try {
                return Json.read(line, QuiltLine.class).alert(theta);
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException(quilts + ": not a quilt line: " + e.getMessage(), e);
            }
        });
    }

    static double round(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }
}
