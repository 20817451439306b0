package org.reusedetector.report;

import java.util.Base64;
import java.util.List;
import java.util.Locale;

/** Builds the report page; every piece of input text goes through {@link #escape}. */
final class Html {

    private final StringBuilder out = new StringBuilder(64 * 1024);

    Html(String title) {
        out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(escape(title))
                .append("</title>\n<style>")
                .append("body{font-family:sans-serif;margin:2em;max-width:1100px;color:#222}")
                .append(
                        "table{border-collapse:collapse;margin:1em 0;font-size:90%}td,th{border:1px solid #ccc;padding:3px 6px;vertical-align:top;text-align:left}")
                .append(
                        "th{background:#eee}td.num{text-align:right;font-variant-numeric:tabular-nums}code{font-size:90%}img{max-width:100%;border:1px solid #ddd}")
                .append(
                        ".note{color:#666}.lead{font-size:110%}summary{cursor:pointer;color:#036;margin:1em 0}</style></head><body>\n<h1>")
                .append(escape(title))
                .append("</h1>\n");
    }

    /** Escapes text for element content and quoted attribute values. */
    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** A URL as a link when it is http(s) (never javascript: and the like), else as text. */
    static String url(String url) {
        if (url == null) {
            return "";
        }
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") || lower.startsWith("https://")) {
            return "<a href=\"" + escape(url) + "\" rel=\"nofollow noreferrer\">" + escape(url) + "</a>";
        }
        return escape(url);
    }

    /** As {@link #url(String)}, with other text shown for the link. */
    static String link(String url, String text) {
        if (url == null) {
            return "";
        }
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") || lower.startsWith("https://")) {
            return "<a href=\"" + escape(url) + "\" rel=\"nofollow noreferrer\">" + escape(text) + "</a>";
        }
        return escape(text);
    }

    static String number(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }

    Html heading(String text) {
        out.append("<h2>").append(escape(text)).append("</h2>\n");
        return this;
    }

    /** A sentence that states the answer, in the body's text style. */
    Html lead(String text) {
        out.append("<p class=\"lead\">").append(escape(text)).append("</p>\n");
        return this;
    }

    Html paragraph(String text) {
        out.append("<p class=\"note\">").append(escape(text)).append("</p>\n");
        return this;
    }

    Html image(byte[] png, String alt) {
        out.append("<p><img alt=\"")
                .append(escape(alt))
                .append("\" src=\"data:image/png;base64,")
                .append(Base64.getEncoder().encodeToString(png))
                .append("\"></p>\n");
        return this;
    }

    /**
     * A table; cells are already-escaped HTML (build them with {@link #escape}, {@link #url}). Cells of
     * columns whose name is in {@code numeric} are right-aligned.
     */
    Html table(List<String> header, List<List<String>> rows, List<String> numeric) {
        out.append("<table>");
        if (!header.isEmpty()) { // a table of labelled facts has no header
            out.append("<thead><tr>");
            for (String h : header) {
                out.append("<th>").append(escape(h)).append("</th>");
            }
            out.append("</tr></thead>");
        }
        out.append("<tbody>\n");
        for (List<String> row : rows) {
            out.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                boolean num = i < header.size() && numeric.contains(header.get(i));
                out.append(num ? "<td class=\"num\">" : "<td>")
                        .append(row.get(i))
                        .append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody></table>\n");
        return this;
    }

    /** Starts a folded section: its content shows when the reader opens {@code summary}. */
    Html openDetails(String summary) {
        out.append("<details><summary>").append(escape(summary)).append("</summary>\n");
        return this;
    }

    Html closeDetails() {
        out.append("</details>\n");
        return this;
    }

    String finish() {
        return out.append("</body></html>\n").toString();
    }
}
