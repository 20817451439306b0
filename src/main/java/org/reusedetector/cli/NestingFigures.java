package org.reusedetector.cli;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.reusedetector.page.PageHasher;

/**
 * The deep-nesting part of {@code benchmark chunker} (issue 25): time per MB of chunk hashing (one-pass chunker,
 * SHA-1 of chunks and file) of pages nested hundreds of thousands of levels deep, at the body size limit, against a
 * normal page of the same size made of the input's pages one after the other. The hostile pages, each of n levels:
 * <ul>
 *   <li>{@code div}: {@code <div>} n times, a word, {@code </div>} n times;
 *   <li>{@code b_div}: {@code <b><div>} n times, then {@code </b>} n times: each {@code </b>} finds its element below
 *       the divs, and takes it alone out of the stack (the adoption agency's case);
 *   <li>{@code font}: {@code <font>} n times, unclosed, then {@code </i>} n times: formatting end tags of no open
 *       element, each a search for it in scope.
 * </ul>
 * And, to tell nesting from tag density (these pages are nearly all tags, a normal page mostly text), {@code flat}:
 * {@code <b></b>} over and over: more tags a byte than any of them, and nothing nested.
 */
final class NestingFigures {

    private record Page(String key, String description, String html, long levels) {}

    /** A pass that takes longer than this is not repeated: a chunker that is quadratic again still gives a figure. */
    private static final double REPEAT_BELOW_SECONDS = 2.0;

    private NestingFigures() {}

    static void measure(
            BenchmarkFigures figures, Set<String> tags, List<String> inputBodies, int maxBodyBytes, int rounds) {
        int bytes = maxBodyBytes - 16; // just under the limit
        List<Page> pages = new ArrayList<>();
        int divs = (bytes - 1) / 11;
        pages.add(new Page("div", "<div> nesting", "<div>".repeat(divs) + "x" + "</div>".repeat(divs), divs));
        int pairs = (bytes - 1) / 12;
        pages.add(
                new Page("b_div", "<b><div>, then </b>", "<b><div>".repeat(pairs) + "x" + "</b>".repeat(pairs), pairs));
        int fonts = (bytes - 1) / 10;
        pages.add(new Page(
                "font", "unclosed <font>, then </i>", "<font>".repeat(fonts) + "x" + "</i>".repeat(fonts), fonts));
        int flat = bytes / 7;
        pages.add(new Page("flat", "<b></b>, nothing nested", "<b></b>".repeat(flat), 0));
        String normal = normalPage(inputBodies, bytes);
        if (normal.isEmpty()) {
            figures.line("  deep nesting: no input page to compare with");
            return;
        }
        pages.add(0, new Page("normal", "normal page", normal, 0));
        double[][] msPerMb = timeInTurn(PageHasher.tokenizing(tags), pages, rounds);
        double normalMsPerMb = median(msPerMb[0]);
        figures.put("nesting_normal_ms_mb", normalMsPerMb);
        figures.line(
                "  deep nesting at the %.1f MB body limit, new chunker + SHA-1 (median of %d passes taken in turn, each of up to 5 pages):",
                maxBodyBytes / 1e6, rounds);
        figures.line(
                "    normal page (the input's pages one after another, %.1f MB):  %6.2f ms/MB",
                utf8Length(normal) / 1e6, normalMsPerMb);
        for (int p = 1; p < pages.size(); p++) {
            Page page = pages.get(p);
            double ms = median(msPerMb[p]);
            double[] ratios = new double[msPerMb[p].length];
            for (int round = 0; round < ratios.length; round++) {
                ratios[round] = msPerMb[p][round] / msPerMb[0][Math.min(round, msPerMb[0].length - 1)];
            }
            double ratio = median(ratios); // of the same round's passes: load on a shared machine moves both
            if (page.levels() > 0) {
                figures.put("nesting_" + page.key() + "_levels", page.levels());
            }
            figures.put("nesting_" + page.key() + "_ms_mb", ms).put("nesting_" + page.key() + "_ratio", ratio);
            figures.line(
                    "    %-26s %14s %.1f MB:  %6.2f ms/MB  (%.2f x the normal page)",
                    page.description(),
                    page.levels() > 0 ? String.format("%,d levels,", page.levels()) : "",
                    utf8Length(page.html()) / 1e6,
                    ms,
                    ratio);
        }
    }

    /** The input's pages one after another (again from the first if they run out) up to {@code bytes} of UTF-8. */
    private static String normalPage(List<String> bodies, int bytes) {
        StringBuilder page = new StringBuilder(bytes);
        long length = 0;
        if (bodies.stream().allMatch(String::isEmpty)) {
            return "";
        }
        for (int i = 0; length < bytes; i = (i + 1) % bodies.size()) {
            String body = bodies.get(i);
            long bodyBytes = utf8Length(body);
            if (length + bodyBytes > bytes) {
                if (length > 0) {
                    break;
                }
                body = body.substring(0, Math.min(body.length(), bytes / 3)); // one page over the limit: its start
                bodyBytes = utf8Length(body);
            }
            page.append(body);
            length += bodyBytes;
        }
        return page.toString();
    }

    /**
     * Per page, per round, the time per MB of hashing it: after a warm-up, the pages are timed in turn in each round
     * (so that a change of load falls on all of them). A page whose first pass is slow is timed that once.
     */
    private static double[][] timeInTurn(PageHasher hasher, List<Page> pages, int rounds) {
        double[][] msPerMb = new double[pages.size()][];
        int[] repeats = new int[pages.size()];
        for (int p = 0; p < pages.size(); p++) {
            double first = time(hasher, pages.get(p).html(), 1);
            if (first > REPEAT_BELOW_SECONDS) {
                msPerMb[p] = new double[] {first * 1e3 / megabytes(pages.get(p))};
            } else {
                msPerMb[p] = new double[Math.max(1, rounds)];
                repeats[p] = first * 5 > REPEAT_BELOW_SECONDS ? 1 : 5;
                time(hasher, pages.get(p).html(), 5); // warm-up
            }
        }
        for (int round = 0; round < Math.max(1, rounds); round++) {
            for (int p = 0; p < pages.size(); p++) {
                if (repeats[p] > 0) {
                    msPerMb[p][round] =
                            time(hasher, pages.get(p).html(), repeats[p]) / repeats[p] * 1e3 / megabytes(pages.get(p));
                }
            }
        }
        return msPerMb;
    }

    private static double megabytes(Page page) {
        return utf8Length(page.html()) / 1e6;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static double time(PageHasher hasher, String page, int repeats) {
        long start = System.nanoTime();
        long chunks = 0;
        for (int i = 0; i < repeats; i++) {
            chunks += hasher.hash("https://bench/", 0, page).chunkCount();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (chunks < 0) {
            throw new IllegalStateException(); // keeps the loop's result in use
        }
        return seconds;
    }

    private static long utf8Length(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
