package org.reusedetector.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generated pages that look like the web's: a head with meta tags, a style sheet and scripts (with {@code <} and
 * {@code &} in them), a site's navigation and footer shared by its pages, an article of headings, paragraphs with
 * inline markup, links and entities, lists, a table, a code block and a quotation, a sidebar, comments, and a few per
 * cent of words outside ASCII. Words come from a vocabulary of a few thousand, drawn by a Zipf law, so that a lexicon
 * built from the pages has terms of middling frequency. The same seed gives the same pages.
 */
final class RealisticPages {

    private static final String[] SYLLABLES = {
        "ka", "lo", "mi", "ne", "ta", "ri", "so", "pe", "du", "va", "gen", "tor", "ment", "al", "in", "ex", "con",
        "ser", "ver", "ing", "ion", "er", "an", "st", "ph", "qu", "ble", "ous", "ive", "na", "el", "or"
    };
    private static final String[] FOREIGN = {"café", "naïve", "Straße", "façade", "東京", "データ", "résumé", "Ελλάδα"};
    private static final int VOCABULARY = 4000;
    private static final int SITES = 8;

    private final Random random;
    private final String[] words = new String[VOCABULARY];
    /** Cumulative Zipf weights of the vocabulary, by rank. */
    private final double[] cumulative = new double[VOCABULARY];

    private final List<String> headers = new ArrayList<>();
    private final List<String> footers = new ArrayList<>();

    RealisticPages(long seed) {
        random = new Random(seed);
        double sum = 0;
        for (int i = 0; i < VOCABULARY; i++) {
            StringBuilder word = new StringBuilder();
            int syllables = 1 + random.nextInt(4);
            for (int s = 0; s < syllables; s++) {
                word.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
            }
            words[i] = word.toString();
            sum += 1.0 / (i + 1);
            cumulative[i] = sum;
        }
        for (int i = 0; i < VOCABULARY; i++) {
            cumulative[i] /= sum;
        }
        for (int site = 0; site < SITES; site++) {
            headers.add(header(site));
            footers.add(footer(site));
        }
    }

    /** Pages until their UTF-8 adds up to at least {@code bytes}. */
    List<String> pages(long bytes) {
        List<String> pages = new ArrayList<>();
        long total = 0;
        while (total < bytes) {
            String page = page(pages.size());
            pages.add(page);
            total += Corpus.utf8Length(page);
        }
        return pages;
    }

    /** One page, of about 10 to 60 KB. */
    String page(int n) {
        int site = n % SITES;
        String title = capitalized(sentence(3 + random.nextInt(5)));
        StringBuilder html = new StringBuilder(32 * 1024);
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head>\n<meta charset=\"utf-8\">\n<title>")
                .append(title)
                .append(" | Site ")
                .append(site)
                .append("</title>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"description\" content=\"")
                .append(sentence(12))
                .append("\">\n<link rel=\"stylesheet\" href=\"/static/site.css?v=")
                .append(site)
                .append("\">\n<style>body{margin:0;font:16px/1.5 sans-serif} .nav>li{display:inline-block}")
                .append(" a[href^=\"http\"]::after{content:\"\\2197\"}</style>\n")
                .append("<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}")
                .append(" if (a < b && b > c) { gtag('js', new Date()); } var s = \"</p>\";</script>\n")
                .append("</head>\n<body class=\"page page-")
                .append(n)
                .append("\">\n");
        html.append(headers.get(site));
        html.append("<div class=\"container\"><div class=\"row\">\n<main class=\"col-md-9\" role=\"main\"><article>\n");
        html.append("<h1>").append(title).append("</h1>\n");
        html.append("<p class=\"meta\">Posted by <a href=\"/authors/")
                .append(word())
                .append("\">")
                .append(capitalized(word()))
                .append("</a> on 2024-03-")
                .append(10 + random.nextInt(19))
                .append(" &middot; ")
                .append(2 + random.nextInt(12))
                .append("&nbsp;min read</p>\n");
        int sections = 2 + random.nextInt(8);
        for (int s = 0; s < sections; s++) {
            html.append("<h2 id=\"s")
                    .append(s)
                    .append("\">")
                    .append(capitalized(sentence(4)))
                    .append("</h2>\n");
            int paragraphs = 2 + random.nextInt(5);
            for (int p = 0; p < paragraphs; p++) {
                paragraph(html);
            }
            switch (random.nextInt(5)) {
                case 0 -> list(html);
                case 1 -> table(html);
                case 2 ->
                    html.append("<pre><code class=\"language-java\">for (int i = 0; i &lt; n; i++) {\n    ")
                            .append(word())
                            .append(".add(i &amp; 0xff);\n}</code></pre>\n");
                case 3 ->
                    html.append("<blockquote><p>")
                            .append(capitalized(sentence(20)))
                            .append("</p><footer>&mdash; <cite>")
                            .append(capitalized(word()))
                            .append("</cite></footer></blockquote>\n");
                default ->
                    html.append("<figure><img src=\"/img/")
                            .append(n)
                            .append('-')
                            .append(s)
                            .append(".png\" alt=\"")
                            .append(sentence(4))
                            .append("\" width=\"640\" height=\"360\"><figcaption>")
                            .append(capitalized(sentence(8)))
                            .append("</figcaption></figure>\n");
            }
        }
        html.append("</article></main>\n<aside class=\"col-md-3\"><div class=\"widget\"><h3>Related</h3><ul>\n");
        for (int i = 0; i < 6; i++) {
            html.append("<li><a href=\"/")
                    .append(word())
                    .append('/')
                    .append(word())
                    .append(".html\">")
                    .append(capitalized(sentence(5)))
                    .append("</a></li>\n");
        }
        html.append("</ul></div></aside>\n</div></div>\n<!-- /container -->\n");
        html.append(footers.get(site));
        html.append("<script src=\"/static/app.js\" defer></script>\n")
                .append(
                        "<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\"Article\"}")
                .append("</script>\n</body></html>\n");
        return html.toString();
    }

    private void paragraph(StringBuilder html) {
        html.append("<p>");
        int words = 30 + random.nextInt(90);
        for (int i = 0; i < words; i++) {
            if (i > 0) {
                html.append(' ');
            }
            int r = random.nextInt(100);
            String word = random.nextInt(40) == 0 ? FOREIGN[random.nextInt(FOREIGN.length)] : word();
            if (r < 3) {
                html.append("<a href=\"https://example.org/")
                        .append(word)
                        .append("?ref=")
                        .append(i)
                        .append("&amp;utm_source=site\">")
                        .append(word)
                        .append("</a>");
            } else if (r < 5) {
                html.append("<b>").append(word).append("</b>");
            } else if (r < 7) {
                html.append("<em>").append(word).append("</em>");
            } else if (r < 8) {
                html.append("<code>")
                        .append(word)
                        .append(" &lt; ")
                        .append(word())
                        .append("</code>");
            } else if (r < 9) {
                html.append(word).append(" &amp;");
            } else if (r < 10) {
                html.append(word).append("&#8217;s");
            } else {
                html.append(word);
            }
            if (random.nextInt(12) == 0) {
                html.append(random.nextBoolean() ? "." : ",");
            }
        }
        html.append(".</p>\n");
    }

    private void list(StringBuilder html) {
        html.append("<ul class=\"list\">\n");
        for (int i = 0, n = 3 + random.nextInt(6); i < n; i++) {
            html.append("<li>")
                    .append(capitalized(sentence(6 + random.nextInt(10))))
                    .append("</li>\n");
        }
        html.append("</ul>\n");
    }

    private void table(StringBuilder html) {
        html.append(
                "<table class=\"table\"><thead><tr><th>Name</th><th>Value</th><th>Notes</th></tr></thead><tbody>\n");
        for (int i = 0, n = 3 + random.nextInt(8); i < n; i++) {
            html.append("<tr><td>")
                    .append(word())
                    .append("</td><td>")
                    .append(random.nextInt(10_000))
                    .append("</td><td>")
                    .append(sentence(5))
                    .append("</td></tr>\n");
        }
        html.append("</tbody></table>\n");
    }

    private String header(int site) {
        StringBuilder html =
                new StringBuilder("<!-- header -->\n<header id=\"top\" class=\"site-header\"><a class=\"logo\" ");
        html.append("href=\"/\"><img src=\"/logo.svg\" alt=\"Site ")
                .append(site)
                .append("\"></a>\n");
        html.append("<nav aria-label=\"main\"><ul class=\"nav\">\n");
        for (int i = 0; i < 8; i++) {
            String item = capitalized(word());
            html.append("<li class=\"nav-item\"><a class=\"nav-link\" href=\"/")
                    .append(item.toLowerCase(java.util.Locale.ROOT))
                    .append("/\">")
                    .append(item)
                    .append("</a></li>\n");
        }
        return html.append("</ul></nav>\n<form action=\"/search\"><input type=\"search\" name=\"q\"></form></header>\n")
                .toString();
    }

    private String footer(int site) {
        StringBuilder html = new StringBuilder("<footer class=\"site-footer\"><div class=\"columns\">\n");
        for (int c = 0; c < 3; c++) {
            html.append("<div class=\"column\"><h4>")
                    .append(capitalized(word()))
                    .append("</h4><ul>");
            for (int i = 0; i < 4; i++) {
                html.append("<li><a href=\"/")
                        .append(word())
                        .append("\">")
                        .append(capitalized(word()))
                        .append("</a></li>");
            }
            html.append("</ul></div>\n");
        }
        return html.append("</div>\n<p>&copy; 2024 Site ")
                .append(site)
                .append(". ")
                .append(capitalized(sentence(10)))
                .append(". All rights reserved.</p></footer>\n")
                .toString();
    }

    private String word() {
        int rank = java.util.Arrays.binarySearch(cumulative, random.nextDouble());
        return words[Math.min(VOCABULARY - 1, rank < 0 ? -rank - 1 : rank)];
    }

    private String sentence(int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append(i == 0 ? "" : " ").append(word());
        }
        return s.toString();
    }

    private static String capitalized(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
