package org.reusedetector.url;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The crawler-recursion heuristic of §4.4.1: a loop in the link graph (a relative link resolved against a
 * path that keeps growing) serves the same page under URLs whose path repeats components, and such URLs are
 * left out so that the loop's copies do not count as content reuse. A URL is a recursion error when its path
 * has
 * <ul>
 *   <li>one component occurring {@code maxRepeats} (default 4) or more times, or
 *   <li>at least {@code minDistinctRepeated} (default 2) distinct components, each occurring
 *       {@code pairRepeats} (default 2) or more times.
 * </ul>
 *
 * <p>Components are the path segments of {@link NormalizedUrl#segments()}, compared exactly (paths are
 * case-sensitive), <em>including the last name</em>: extensionless last segments are mostly directories
 * served without a trailing slash ({@code /wiki/wiki/wiki/wiki}), and a name with an extension rarely equals
 * a directory name, so counting it catches more loops and costs nothing. Query strings do not count
 * (they are not part of the path).
 *
 * <p>What the defaults catch of the recursion URLs of {@code shared/corpus/make-crawl.py}, which repeats a
 * page's directory {@code seg} {@code r} times ({@code https://host/ + seg * r + name}, r = 2, 3, 4):
 * <ul>
 *   <li>a multi-component {@code seg} ({@code a/b/}) is caught for every r, already at r = 2, by the second
 *       rule (a and b each occur r times);
 *   <li>a single-component {@code seg} ({@code docs/}, used for pages at a site's root, so every recursion URL
 *       of the default corpus) is caught at r = 4 only; r = 2 and r = 3 ({@code /docs/docs/x.html},
 *       {@code /docs/docs/docs/x.html}) are missed. Deliberately: one directory name repeated two or three
 *       times is common on real sites ({@code /docs/docs/}, {@code /library/library/},
 *       {@code /en/news/en/}), and the paper chose a very low false-positive rate over catching every loop
 *       (§6.1), the remaining copies being too few to skew discovery.
 * </ul>
 *
 * <p>Known false positives of the second rule: source trees and API documentation whose package path repeats
 * the project's name ({@code /apache/flink/blob/master/.../org/apache/flink/...}). Raise
 * {@code minDistinctRepeated} or {@code pairRepeats} where such sites matter.
 */
public final class RecursionRule implements Serializable {

    private static final long serialVersionUID = 1L;

    private final int maxRepeats;
    private final int minDistinctRepeated;
    private final int pairRepeats;

    /**
     * @param maxRepeats occurrences of one component that make a recursion error (at least 2)
     * @param minDistinctRepeated how many distinct components repeated {@code pairRepeats} times make one (at least 1)
     * @param pairRepeats occurrences that count a component as repeated for the second rule (at least 2)
     */
    public RecursionRule(int maxRepeats, int minDistinctRepeated, int pairRepeats) {
        if (maxRepeats < 2 || minDistinctRepeated < 1 || pairRepeats < 2) {
            throw new IllegalArgumentException("need maxRepeats >= 2, minDistinctRepeated >= 1, pairRepeats >= 2; got "
                    + maxRepeats + ", " + minDistinctRepeated + ", " + pairRepeats);
        }
        this.maxRepeats = maxRepeats;
        this.minDistinctRepeated = minDistinctRepeated;
        this.pairRepeats = pairRepeats;
    }

    public boolean isRecursion(NormalizedUrl url) {
        if (segmentCount(url.path()) < Math.min(maxRepeats, minDistinctRepeated * pairRepeats)) {
            return false; // as explain decides, without splitting the path: most paths are short
        }
        return isRecursion(url.segments());
    }

    /** The size of {@link NormalizedUrl#segments()}: the non-empty segments. */
    private static int segmentCount(String path) {
        int count = 0;
        for (int i = 0, n = path.length(); i < n; i++) {
            if (path.charAt(i) != '/' && (i == 0 || path.charAt(i - 1) == '/')) {
                count++;
            }
        }
        return count;
    }

    /** The rule over path components in order (directories and the last name). */
    public boolean isRecursion(List<String> segments) {
        return explain(segments).isPresent();
    }

    /** Why the URL is a recursion error, naming the repeated components; empty when it is not one. */
    public Optional<String> explain(NormalizedUrl url) {
        return explain(url.segments());
    }

    /** Why these path components are a recursion error, naming the repeated ones; empty when they are not. */
    public Optional<String> explain(List<String> segments) {
        if (segments.size() < Math.min(maxRepeats, minDistinctRepeated * pairRepeats)) {
            return Optional.empty(); // too short to repeat anything enough: the common case, without a map
        }
        Map<String, Integer> counts = new HashMap<>();
        List<String> repeated = new ArrayList<>();
        for (String segment : segments) {
            int count = counts.merge(segment, 1, Integer::sum);
            if (count >= maxRepeats) {
                return Optional.of("path component '" + segment + "' occurs " + maxRepeats + " times");
            }
            if (count == pairRepeats) {
                repeated.add(segment);
                if (repeated.size() >= minDistinctRepeated) {
                    return Optional.of("path components " + quoted(repeated) + " occur " + pairRepeats + " times each");
                }
            }
        }
        return Optional.empty();
    }

    private static String quoted(List<String> segments) {
        StringBuilder out = new StringBuilder();
        for (String s : segments) {
            out.append(out.isEmpty() ? "'" : ", '").append(s).append('\'');
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return "RecursionRule[maxRepeats=" + maxRepeats + ", minDistinctRepeated=" + minDistinctRepeated
                + ", pairRepeats=" + pairRepeats + "]";
    }
}
