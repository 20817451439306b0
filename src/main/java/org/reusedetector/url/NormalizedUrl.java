package org.reusedetector.url;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A page URL reduced to what defines its neighbourhoods: lower-case scheme and host, no default port,
 * no user info, query or fragment, dot segments resolved and repeated slashes collapsed.
 *
 * @param origin {@code scheme://host[:port]}
 * @param path the path, always starting with {@code /}
 */
public record NormalizedUrl(String origin, String path) {

    public static NormalizedUrl parse(String url) throws InvalidUrlException {
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
            host = authority.chars().allMatch(c -> c < 0x80 && (Character.isLetterOrDigit(c) || c == '-' || c == '.' || c == '_')) ? authority : null;
        }
        if (host == null || host.isEmpty()) {
            throw new InvalidUrlException("URL without host: " + url);
        }
        host = host.toLowerCase(Locale.ROOT);
        if (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        boolean defaultPort = port == -1 || ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
        String origin = scheme + "://" + host + (defaultPort ? "" : ":" + port);
        String rawPath = uri.getRawPath();
        String path = collapseSlashes(rawPath == null || rawPath.isEmpty() ? "/" : rawPath);
        while (path.equals("/..") || path.startsWith("/../")) {
            path = path.substring(3); // URI.normalize leaves leading ".." segments that climb above the root
            if (path.isEmpty()) {
                path = "/";
            }
        }
        return new NormalizedUrl(origin, path);
    }

    /**
     * The key of a page's URL for keyed state: its normalised form, so that spellings of one address count
     * once; the raw form for a URL that does not parse (pages are validated before they are keyed).
     */
    public static String keyOf(String url) {
        try {
            return parse(url).url();
        } catch (InvalidUrlException e) {
            return url;
        }
    }

    /** The URL as one string. */
    public String url() {
        return origin + path;
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
            if (c == ' ' || c == '|' || c == '"' || c == '<' || c == '>' || c == '\\' || c == '^' || c == '`' || c == '{' || c == '}') {
                out.append('%').append(String.format("%02X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
