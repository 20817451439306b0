package org.reusedetector.shingle;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.reusedetector.format.Json;
import org.reusedetector.format.JsonLines;
import org.reusedetector.page.PageHasher;
import org.reusedetector.url.Sites;

/**
 * The {@code phrases} batch run (Fetterly et al. 2005): reads a corpus, writes {@value #PHRASES} (popular shingles,
 * most documents first), {@value #DOCUMENTS} (per page: shingles, popular, the greedy cover and its foreign
 * contribution), {@value #SITES} (hosts of at least {@code minSitePages} pages: mean and σ of popular shingles per
 * page) and {@value #SUMMARY}. Plain Java, as {@link QuiltsRun} and for the same reason (covers need random access to
 * other documents' shingles); per page it keeps 84 fingerprints and phrase texts, some 5 kB.
 */
public final class PhrasesRun {

    public static final String PHRASES = "phrases.jsonl";
    public static final String DOCUMENTS = "documents.jsonl";
    public static final String SITES = "sites.jsonl";
    public static final String SUMMARY = "summary.json";

    /**
     * What a run did.
     *
     * @param popularPerDocument documents by number of popular shingles (index 0 to 84), Fetterly et al. Fig. 2
     * @param frequency popular phrases by number of documents, Fig. 1
     */
    public record Summary(
            String input,
            long records,
            long pages,
            long rejected,
            long revisits,
            long htmlBytes,
            int k,
            int selectors,
            int minDocuments,
            int minSitePages,
            int classes,
            int popularPhrases,
            long documentsWithPopular,
            int sites,
            long[] popularPerDocument,
            List<PhraseAnalysis.FrequencyRow> frequency,
            double seconds,
            double pagesPerSecond) {}

    private PhrasesRun() {}

    public static Summary run(
            Path input, PageHasher hasher, int maxBodyBytes, int k, int minDocuments, int minSitePages, Path out)
            throws IOException {
        long start = System.nanoTime();
        MinHash minHash = new MinHash(MinHash.SELECTORS);
        PhraseAnalysis analysis = new PhraseAnalysis(minHash, minDocuments);
        ShingleCorpus.Totals totals = ShingleCorpus.read(input, hasher, maxBodyBytes, true, (page, replaces) -> {
            PageWords words = page.words();
            long[] phrases = Phrases.circular(words.words(), k);
            int[] positions = minHash.selectPositions(phrases);
            long[] chosen = new long[positions.length];
            String[] texts = new String[positions.length];
            for (int i = 0; i < positions.length; i++) {
                chosen[i] = phrases[positions[i]];
                texts[i] = words.phraseText(positions[i], k);
            }
            String url = words.url();
            String host = hostOf(url);
            if (replaces < 0) {
                analysis.add(url, host, Sites.of(host), chosen, texts);
            } else {
                analysis.replace(replaces, url, host, Sites.of(host), chosen, texts);
            }
        });
        Files.createDirectories(out);
        long[] withPopular = {0};
        PhraseAnalysis.Result result;
        try (BufferedWriter writer = JsonLines.writer(out.resolve(DOCUMENTS))) {
            result = analysis.analyse(minSitePages, report -> {
                if (report.popular() > 0) {
                    withPopular[0]++;
                }
                writeLine(writer, report);
            });
        }
        try (BufferedWriter writer = JsonLines.writer(out.resolve(PHRASES))) {
            result.popular().forEach(p -> writeLine(writer, p));
        }
        try (BufferedWriter writer = JsonLines.writer(out.resolve(SITES))) {
            result.sites().forEach(s -> writeLine(writer, s));
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Summary summary = new Summary(
                input.toString(),
                totals.records(),
                totals.pages(),
                totals.rejected(),
                totals.revisits(),
                totals.htmlBytes(),
                k,
                minHash.selectors(),
                minDocuments,
                minSitePages,
                result.classes(),
                result.popular().size(),
                withPopular[0],
                result.sites().size(),
                result.popularPerDocument(),
                result.frequency(),
                QuiltsRun.round(seconds),
                QuiltsRun.round(totals.pages() / seconds));
        Files.writeString(out.resolve(SUMMARY), Json.write(summary) + "\n");
        return summary;
    }

    /** The host of a URL as written (lower case; {@link java.net.URI} gives none for hosts with underscores). */
    static String hostOf(String url) {
        int start = url.indexOf("://");
        start = start < 0 ? 0 : start + 3;
        int end = start;
        while (end < url.length() && "/?#:".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        int at = url.lastIndexOf('@', end - 1);
        return url.substring(Math.max(start, at + 1), end).toLowerCase(java.util.Locale.ROOT);
    }

    private static void writeLine(BufferedWriter writer, Object value) {
        try {
            writer.write(Json.write(value));
            writer.newLine();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
