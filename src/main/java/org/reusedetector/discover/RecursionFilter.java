package org.reusedetector.discover;

import java.io.Serializable;
import org.reusedetector.url.InvalidUrlException;
import org.reusedetector.url.NormalizedUrl;
import org.reusedetector.url.RecursionRule;

/**
 * Tells crawler recursion errors (the same content under ever longer URLs, paper §4.4.1) from real pages;
 * their chunks would count as duplicates. Serializable so that Flink can ship it; {@link #of} adapts a URL rule.
 */
@FunctionalInterface
public interface RecursionFilter extends Serializable {

    boolean isRecursion(String url);

    /** The same for a URL already parsed ({@code parsed}, with any ignored parameters: the rules read the path only). */
    default boolean isRecursion(String url, NormalizedUrl parsed) {
        return isRecursion(url);
    }

    static RecursionFilter none() {
        return url -> false;
    }

    /** The filter of a URL rule; a URL that does not parse is not a recursion error (it is counted as an invalid URL). */
    static RecursionFilter of(RecursionRule rule) {
        return new OfRule(rule);
    }

    /** The filter of a URL rule (a class rather than a lambda, to take a parsed URL without parsing it again). */
    final class OfRule implements RecursionFilter {
        private static final long serialVersionUID = 1L;
        private final RecursionRule rule;

        OfRule(RecursionRule rule) {
            this.rule = rule;
        }

        @Override
        public boolean isRecursion(String url) {
            try {
                return rule.isRecursion(NormalizedUrl.parse(url));
            } catch (InvalidUrlException e) {
                return false;
            }
        }

        @Override
        public boolean isRecursion(String url, NormalizedUrl parsed) {
            return rule.isRecursion(parsed);
        }
    }
}
