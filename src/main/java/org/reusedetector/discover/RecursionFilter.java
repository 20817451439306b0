package org.reusedetector.discover;

import java.io.Serializable;

/**
 * Tells crawler recursion errors (the same content under ever longer URLs, paper §4.4.1) from real pages;
 * their chunks would count as duplicates. Serializable so that Flink can ship it; adapt a URL rule with
 * {@code url -> rule.isRecursion(NormalizedUrl.parse(url))}.
 */
@FunctionalInterface
public interface RecursionFilter extends Serializable {

    boolean isRecursion(String url);

    static RecursionFilter none() {
        return url -> false;
    }
}
