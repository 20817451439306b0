package org.reusedetector.url;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * URL parameters that do not change what a page is (tracking tags, session ids) and are therefore left out
 * of a page's identity, so that one page fetched with other tracking or another session counts once.
 * Names match case-insensitively; a name ending in {@code *} matches every name with that prefix
 * ({@code utm_*}, and {@code *} alone drops every query). The list applies to query parameters and to
 * {@code ;name=value} path parameters ({@code /cart.do;jsessionid=...}).
 */
public final class IgnoredParameters implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Tracking tags of the common ad, mail and analytics tools, and the usual session-id names of web frameworks. */
    public static final List<String> DEFAULT_NAMES = List.of(
            "utm_*",
            "fbclid",
            "gclid",
            "dclid",
            "gbraid",
            "wbraid",
            "msclkid",
            "yclid",
            "twclid",
            "igshid",
            "mc_cid",
            "mc_eid",
            "_ga",
            "_gl",
            "_hsenc",
            "_hsmi",
            "mkt_tok",
            "jsessionid",
            "phpsessid",
            "aspsessionid*",
            "sid",
            "sessionid",
            "cfid",
            "cftoken");

    public static final IgnoredParameters DEFAULT = of(DEFAULT_NAMES);
    public static final IgnoredParameters NONE = of(List.of());

    private final List<String> names;
    private final Set<String> exact;
    private final List<String> prefixes;

    private IgnoredParameters(List<String> names, Set<String> exact, List<String> prefixes) {
        this.names = names;
        this.exact = exact;
        this.prefixes = prefixes;
    }

    /** @param names parameter names, {@code *} allowed only as the last character; blank ones are skipped */
    public static IgnoredParameters of(Collection<String> names) {
        List<String> kept = new ArrayList<>();
        Set<String> exact = new HashSet<>();
        List<String> prefixes = new ArrayList<>();
        for (String raw : names) {
            String name = raw == null ? "" : raw.trim().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue; // an empty setting ("") means no ignored parameters
            }
            if (name.indexOf('*') != -1 && name.indexOf('*') != name.length() - 1) {
                throw new IllegalArgumentException(
                        "ignored URL parameter must be a name, optionally ending in '*': '" + raw + "'");
            }
            kept.add(name);
            if (name.endsWith("*")) {
                prefixes.add(name.substring(0, name.length() - 1));
            } else {
                exact.add(name);
            }
        }
        return new IgnoredParameters(List.copyOf(kept), Set.copyOf(exact), List.copyOf(prefixes));
    }

    /** Whether a parameter of this name (percent-escapes of unreserved characters already decoded) is dropped. */
    public boolean ignores(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (exact.contains(lower)) {
            return true;
        }
        for (String prefix : prefixes) {
            if (lower.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    public List<String> names() {
        return names;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IgnoredParameters other && names.equals(other.names);
    }

    @Override
    public int hashCode() {
        return names.hashCode();
    }

    @Override
    public String toString() {
        return "IgnoredParameters" + names;
    }
}
