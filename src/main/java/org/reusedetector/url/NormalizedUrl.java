package org.reusedetector.url;

import java.net.IDN;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A page URL reduced to what identifies the page: lower-case scheme and host (an internationalised host in its
 * ASCII, punycode, form), a port in 1..65535 and not the default one, no user info or fragment, dot segments resolved and repeated slashes collapsed, and the query kept with its parameters
 * sorted (by name, then value) and {@linkplain IgnoredParameters ignored ones} (tracking, sessions) dropped,
 * so that {@code /item?id=1} and {@code /item?id=2} are two pages. Neighbourhoods ({@link #prefixes}) are
 * path-based: the query belongs to the page, not to its directories.
 *
 * <p>Percent-escapes in the query are normalised, not decoded: an escaped unreserved character
 * ({@code %7E}) becomes the character, every other escape keeps its meaning ({@code %26} is not {@code &})
 * with upper-case hex digits. The path keeps its escapes as written.
 *
 * @param origin {@code scheme://host[:port]}
 * @param path the path, always starting with {@code /}, without ignored {@code ;name=value} parameters
 * @param query the normalised query without {@code ?}; empty when there is none
 */
public record NormalizedUrl(String origin, String path, String query) {

    public NormalizedUrl(String origin, String path) {
        this(origin, path, "");
    }

    /** With the default {@link IgnoredParameters}. */
    public static NormalizedUrl parse(String url) throws InvalidUrlException {
        return parse(url, IgnoredParameters.DEFAULT);
    }

    public static NormalizedUrl parse(String url, IgnoredParameters ignored) throws InvalidUrlException {
        NormalizedUrl fast = parsePlain(url, ignored);
        return fast != null ? fast : parseAny(url, ignored);
    }

    /**
     * Characters that {@link URI} takes as they are in a path ({@code pchar}, {@code /} and {@code ;}), bit per
     * ASCII code; {@code %} is checked apart (an escape must be well formed).
     */
    private static final long PATH_LOW = asciiMask(0, "!$&'()*+,-./0123456789:;=@");

    private static final long PATH_HIGH = asciiMask(64, "@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
    /** The same for a query or fragment: also {@code ?} (no brackets: URI has rules of its own for those). */
    private static final long QUERY_LOW = PATH_LOW | asciiMask(0, "?");

    private static long asciiMask(int base, String chars) {
        long mask = 0;
        for (char c : chars.toCharArray()) {
            if (c >= base && c < base + 64) {
                mask |= 1L << (c - base);
            }
        }
        return mask;
    }

    private static boolean allowed(char c, long low) {
        return c < 64 ? (low >>> c & 1) != 0 : c < 128 && (PATH_HIGH >>> (c - 64) & 1) != 0;
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /**
     * The common, plain URL parsed by hand, to the very result of {@link #parseAny}: a lower-case {@code http://}
     * or {@code https://}, a host of letters, digits, dots and hyphens starting with a letter or digit, an optional
     * port of at most 5 digits up to 65535, then a path, query and fragment of the characters {@link URI} takes as
     * they are (well-formed escapes) with no dot segment and no empty segment ({@code //}). {@code null} for any
     * other URL (user info, IPv6, a character to escape, a path to normalise...): {@link #parseAny} decides it.
     * For these URLs {@link URI} parses the authority as host and port, {@link URI#normalize()} changes nothing,
     * and the raw path and query are the substrings between the delimiters.
     */
    static NormalizedUrl parsePlain(String url, IgnoredParameters ignored) {
        if (url == null) {
            return null;
        }
        int n = url.length();
        String scheme;
        int hostStart;
        if (url.startsWith("http://")) {
            scheme = "http";
            hostStart = 7;
        } else if (url.startsWith("https://")) {
            scheme = "https";
            hostStart = 8;
        } else {
            return null;
        }
        if (url.charAt(n - 1) <= ' ') {
            return null; // trimmed by the full parse
        }
        int i = hostStart;
        boolean upper = false;
        char first = i < n ? url.charAt(i) : 0;
        if (!((first >= 'a' && first <= 'z') || (first >= '0' && first <= '9') || (first >= 'A' && first <= 'Z'))) {
            return null;
        }
        for (; i < n; i++) {
            char c = url.charAt(i);
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-') {
                continue;
            }
            if (c >= 'A' && c <= 'Z') {
                upper = true;
                continue;
            }
            break;
        }
        int hostEnd = i;
        int port = -1;
        if (i < n && url.charAt(i) == ':') {
            int digits = ++i;
            port = 0;
            for (; i < n && url.charAt(i) >= '0' && url.charAt(i) <= '9'; i++) {
                port = port * 10 + (url.charAt(i) - '0');
                if (i - digits >= 5) {
                    return null;
                }
            }
            if (i == digits || port > 65535 || port == 0) {
                return null; // the full parse rejects it
            }
        }
        int authorityEnd = i;
        if (i < n && url.charAt(i) != '/' && url.charAt(i) != '?' && url.charAt(i) != '#') {
            return null; // user info, an IPv6 literal, or a character URI would reject or escape
        }
        // the path: no empty segment, no dot segment
        int pathStart = i;
        boolean pathParameters = false;
        for (; i < n; i++) {
            char c = url.charAt(i);
            if (c == '?' || c == '#') {
                break;
            }
            if (c == '/') {
                if (i + 1 < n) {
                    char next = url.charAt(i + 1);
                    if (next == '/') {
                        return null;
                    }
                    if (next == '.' && isDotSegment(url, i + 1, n)) {
                        return null;
                    }
                }
            } else if (c == '%') {
                if (i + 2 >= n || !isHex(url.charAt(i + 1)) || !isHex(url.charAt(i + 2))) {
                    return null;
                }
            } else if (c == ';') {
                pathParameters = true;
            } else if (!allowed(c, PATH_LOW)) {
                return null;
            }
        }
        int pathEnd = i;
        int queryStart = -1;
        int queryEnd = -1;
        if (i < n && url.charAt(i) == '?') {
            queryStart = ++i;
            for (; i < n && url.charAt(i) != '#'; i++) {
                if (!plainQueryChar(url, i, n)) {
                    return null;
                }
            }
            queryEnd = i;
        }
        if (i < n) { // the fragment: dropped, but URI would reject what it rejects
            for (i++; i < n; i++) {
                if (url.charAt(i) == '#' || !plainQueryChar(url, i, n)) {
                    return null;
                }
            }
        }
        String host = url.substring(hostStart, hostEnd);
        if (upper) {
            host = host.toLowerCase(Locale.ROOT);
        }
        boolean trailingDot = host.endsWith(".");
        if (trailingDot) {
            host = host.substring(0, host.length() - 1);
        }
        boolean defaultPort =
                port == -1 || ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
        String origin = !upper && !trailingDot && port == -1
                ? url.substring(0, authorityEnd)
                : scheme + "://" + host + (defaultPort ? "" : ":" + port);
        String path = pathStart == pathEnd ? "/" : url.substring(pathStart, pathEnd);
        if (pathParameters) {
            path = path(path, ignored); // dropping a parameter may leave an empty segment, or a leading "/.."
        }
        String query = queryStart < 0 ? "" : normalizeQuery(url.substring(queryStart, queryEnd), ignored);
        return new NormalizedUrl(origin, path, query);
    }

    /** Whether the segment at {@code at} (after a {@code /}) is {@code .} or {@code ..}. */
    private static boolean isDotSegment(String url, int at, int n) {
        int end = at + 1;
        if (end < n && url.charAt(end) == '.') {
            end++;
        }
        return end == n || url.charAt(end) == '/' || url.charAt(end) == '?' || url.charAt(end) == '#';
    }

    private static boolean plainQueryChar(String url, int i, int n) {
        char c = url.charAt(i);
        if (c == '%') {
            return i + 2 < n && isHex(url.charAt(i + 1)) && isHex(url.charAt(i + 2));
        }
        return allowed(c, QUERY_LOW);
    }

    /** Any URL, through {@link URI}. */
    static NormalizedUrl parseAny(String url, IgnoredParameters ignored) throws InvalidUrlException {
        if (url == null || url.isBlank()) {
            throw new InvalidUrlException("empty URL");
        }
        URI uri;
        try {
            uri = new URI(url.trim()).normalize();
        } catch (URISyntaxException e) {
            try {
                uri = new URI(escapeUnsafe(url.trim())).normalize(); // crawlers log URLs with raw spaces, pipes, ...
            } catch (URISyntaxException again) {
                throw new InvalidUrlException("malformed URL: " + e.getMessage());
            }
        }
        String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new InvalidUrlException("not an http(s) URL: " + url);
        }
        String host = uri.getHost();
        int port = uri.getPort();
        if (host == null && uri.getRawAuthority() != null) {
            // java.net.URI takes host names with '_' (common in the wild) for registry authorities
            String authority = uri.getRawAuthority();
            authority = authority.substring(authority.lastIndexOf('@') + 1);
            int colon = authority.lastIndexOf(':');
            if (colon >= 0) {
                String digits = authority.substring(colon + 1);
                boolean valid = digits.length() <= 5 && digits.chars().allMatch(c -> c >= '0' && c <= '9');
                port = digits.isEmpty() || !valid ? -1 : Integer.parseInt(digits);
                if (!valid || port > 65535) {
                    throw new InvalidUrlException("malformed port in URL: " + url);
                }
                authority = authority.substring(0, colon);
            }
            host = asciiHost(authority, url);
        }
        if (port == 0 || port > 65535) {
            throw new InvalidUrlException("port out of range (1-65535) in URL: " + url);
        }
        if (host == null || host.isEmpty()) {
            throw new InvalidUrlException("URL without host: " + url);
        }
        host = host.toLowerCase(Locale.ROOT);
        if (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        boolean defaultPort =
                port == -1 || ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
        String origin = scheme + "://" + host + (defaultPort ? "" : ":" + port);
        return new NormalizedUrl(origin, path(uri.getRawPath(), ignored), normalizeQuery(uri.getRawQuery(), ignored));
    }

    /**
     * A registry authority's host as an ASCII host name, or {@code null}: names with {@code _} (common in the wild)
     * as they are, internationalised names (IDNA, {@code bücher.example}) in their punycode form.
     */
    private static String asciiHost(String authority, String url) throws InvalidUrlException {
        if (authority.isEmpty()) {
            return null;
        }
        if (authority
                .chars()
                .allMatch(c -> c < 0x80 && (Character.isLetterOrDigit(c) || c == '-' || c == '.' || c == '_'))) {
            return authority;
        }
        if (authority.chars().allMatch(c -> c < 0x80)) {
            return null; // ASCII but not a host name
        }
        String ascii;
        try {
            ascii = IDN.toASCII(authority, IDN.ALLOW_UNASSIGNED);
        } catch (IllegalArgumentException e) {
            throw new InvalidUrlException(
                    "invalid internationalised host name in URL: " + url + " (" + e.getMessage() + ")");
        }
        if (ascii.isEmpty()
                || !ascii.chars()
                        .allMatch(
                                c -> c < 0x80 && (Character.isLetterOrDigit(c) || c == '-' || c == '.' || c == '_'))) {
            return null;
        }
        return ascii;
    }

    /**
     * The URL as the detector reports it (alerts, outputs, labels): as crawled, but without user info, so that
     * credentials in a crawl are not copied into alert topics and files, and with an internationalised host in
     * its ASCII (punycode) form, the form the page's identity uses. Surrounding blanks are trimmed. Meant for a URL
     * that {@link #parse parses}; any other comes back trimmed.
     */
    public static String reportedForm(String url) {
        String s = url.trim();
        int schemeEnd = s.indexOf("://");
        if (schemeEnd < 0) {
            return s;
        }
        int authorityStart = schemeEnd + 3;
        int authorityEnd = s.length();
        for (int i = authorityStart; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '/' || c == '?' || c == '#' || c == '\\') {
                authorityEnd = i;
                break;
            }
        }
        String authority = s.substring(authorityStart, authorityEnd);
        String hostPort = authority.substring(authority.lastIndexOf('@') + 1);
        if (!hostPort.startsWith("[") && !hostPort.chars().allMatch(c -> c < 0x80)) {
            int colon = hostPort.lastIndexOf(':');
            String host = colon < 0 ? hostPort : hostPort.substring(0, colon);
            try {
                hostPort = IDN.toASCII(host, IDN.ALLOW_UNASSIGNED) + (colon < 0 ? "" : hostPort.substring(colon));
            } catch (IllegalArgumentException e) {
                // not a valid IDN: parse rejects such a URL, so it is not reported
            }
        }
        if (hostPort.equals(authority)) {
            return s;
        }
        return s.substring(0, authorityStart) + hostPort + s.substring(authorityEnd);
    }

    /** A normalised raw path as it leaves {@link URI#normalize()}: ignored parameters dropped, slashes collapsed, not above the root. */
    private static String path(String rawPath, IgnoredParameters ignored) {
        String path =
                collapseSlashes(rawPath == null || rawPath.isEmpty() ? "/" : stripPathParameters(rawPath, ignored));
        while (path.equals("/..") || path.startsWith("/../")) {
            path = path.substring(3); // URI.normalize leaves leading ".." segments that climb above the root
            if (path.isEmpty()) {
                path = "/";
            }
        }
        return path;
    }

    /** {@link #keyOf(String, IgnoredParameters)} with the default {@link IgnoredParameters}. */
    public static String keyOf(String url) {
        return keyOf(url, IgnoredParameters.DEFAULT);
    }

    /**
     * The key of a page's URL for keyed state: its normalised form, so that spellings of one address count
     * once; the raw form for a URL that does not parse (pages are validated before they are keyed).
     */
    public static String keyOf(String url, IgnoredParameters ignored) {
        try {
            return parse(url, ignored).url();
        } catch (InvalidUrlException e) {
            return url;
        }
    }

    /** The URL as one string: origin, path and, when there is one, {@code ?query}. */
    public String url() {
        return query.isEmpty() ? origin + path : origin + path + "?" + query;
    }

    /**
     * The neighbourhoods of the page, deepest first, down to the host: for {@code /x/y/p.html} these are
     * {@code /x/y/}, {@code /x/} and {@code /}. At most {@code maxDepth} directory levels below the host
     * are kept (the shallowest), so that crawler traps cannot multiply state.
     */
    public List<String> prefixes(int maxDepth) {
        List<String> directories = new ArrayList<>();
        int end = path.lastIndexOf('/');
        for (int i = 1; i <= end && directories.size() < maxDepth; i++) {
            if (path.charAt(i) == '/') {
                directories.add(path.substring(0, i + 1));
            }
        }
        List<String> prefixes = new ArrayList<>(directories.size() + 1);
        for (int i = directories.size() - 1; i >= 0; i--) {
            prefixes.add(origin + directories.get(i));
        }
        prefixes.add(origin + "/");
        return prefixes;
    }

    /** The path's segments (directories and the last name), without empty ones. */
    public List<String> segments() {
        List<String> segments = new ArrayList<>();
        for (String s : path.split("/")) {
            if (!s.isEmpty()) {
                segments.add(s);
            }
        }
        return segments;
    }

    /** Parameters in raw (escaped) form, sorted by name then value, ignored ones dropped, joined by {@code &}. */
    static String normalizeQuery(String rawQuery, IgnoredParameters ignored) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return "";
        }
        List<String[]> parameters = new ArrayList<>();
        for (String part : rawQuery.split("&")) {
            if (part.isEmpty()) {
                continue; // "a=1&&b=2", a trailing '&'
            }
            int eq = part.indexOf('=');
            String name = normalizeEscapes(eq < 0 ? part : part.substring(0, eq));
            if (!ignored.ignores(name)) {
                parameters.add(new String[] {name, eq < 0 ? null : normalizeEscapes(part.substring(eq + 1))});
            }
        }
        // stable: equal pairs keep their order; "?a" (no value) sorts before "?a="
        parameters.sort(Comparator.<String[], String>comparing(p -> p[0])
                .thenComparing(p -> p[1], Comparator.nullsFirst(Comparator.naturalOrder())));
        StringBuilder out = new StringBuilder(rawQuery.length());
        for (String[] p : parameters) {
            if (!out.isEmpty()) {
                out.append('&');
            }
            out.append(p[0]);
            if (p[1] != null) {
                out.append('=').append(p[1]);
            }
        }
        return out.toString();
    }

    /** Drops {@code ;name[=value]} parameters of ignored names from every path segment ({@code ;jsessionid=...}). */
    static String stripPathParameters(String path, IgnoredParameters ignored) {
        if (path.indexOf(';') < 0) {
            return path;
        }
        StringBuilder out = new StringBuilder(path.length());
        String[] segments = path.split("/", -1);
        for (int s = 0; s < segments.length; s++) {
            if (s > 0) {
                out.append('/');
            }
            String[] parts = segments[s].split(";", -1);
            out.append(parts[0]);
            for (int i = 1; i < parts.length; i++) {
                int eq = parts[i].indexOf('=');
                if (!ignored.ignores(normalizeEscapes(eq < 0 ? parts[i] : parts[i].substring(0, eq)))) {
                    out.append(';').append(parts[i]);
                }
            }
        }
        return out.toString();
    }

    /**
     * RFC 3986 §6.2.2: escaped unreserved characters become the characters, other escapes get upper-case hex;
     * nothing reserved is decoded, so that an escaped {@code &}, {@code =} or {@code +} keeps its meaning.
     */
    static String normalizeEscapes(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int hi = c == '%' && i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
            int lo = hi >= 0 ? Character.digit(s.charAt(i + 2), 16) : -1;
            if (lo < 0) {
                out.append(c);
                continue;
            }
            char decoded = (char) (hi * 16 + lo);
            if (decoded < 0x80
                    && (Character.isLetterOrDigit(decoded)
                            || decoded == '-'
                            || decoded == '.'
                            || decoded == '_'
                            || decoded == '~')) {
                out.append(decoded);
            } else {
                out.append('%')
                        .append(Character.toUpperCase(s.charAt(i + 1)))
                        .append(Character.toUpperCase(s.charAt(i + 2)));
            }
            i += 2;
        }
        return out.toString();
    }

    private static String collapseSlashes(String path) {
        StringBuilder out = new StringBuilder(path.length() + 1);
        if (!path.startsWith("/")) {
            out.append('/');
        }
        char previous = 0;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c != '/' || previous != '/') {
                out.append(c);
            }
            previous = c;
        }
        return out.toString();
    }

    private static String escapeUnsafe(String url) {
        StringBuilder out = new StringBuilder(url.length() + 16);
        for (char c : url.toCharArray()) {
            if (c == ' ' || c == '|' || c == '"' || c == '<' || c == '>' || c == '\\' || c == '^' || c == '`'
                    || c == '{' || c == '}') {
                out.append('%').append(String.format("%02X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
