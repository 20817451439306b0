package org.reusedetector.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.reusedetector.batch.PageResult;
import org.reusedetector.model.Alert;
import org.reusedetector.model.AlertType;
import org.reusedetector.model.Evidence;
import org.reusedetector.url.Sites;

/**
 * The pages the word signals alerted ({@code near-copy}: min-hash shingles; {@code near-duplicate}: I-Match), each with
 * the labelled page it resembles and the resemblance: the copies that exact chunk hashes may miss because a share of
 * their words was replaced. Collected from the alerts, then told what the exact chunks made of the same pages.
 *
 * <p>Every order here ends on a URL or host comparison, and every mean is taken over a sorted list, so the report
 * is the same whatever order the alerts were written in.
 */
final class WordCopies {

    /** Pages named in a host's row before "and n more". */
    static final int PAGES_SHOWN = 5;

    /** One page alike in wording to a labelled page: its closest match over the alerts that name it. */
    record Page(
            String url,
            String host,
            String source,
            String matchedUrl,
            double resemblance,
            List<String> signals,
            double labelledShare,
            boolean exactAlert,
            boolean identical) {

        Page withExact(PageResult exact) {
            return new Page(
                    url,
                    host,
                    source,
                    matchedUrl,
                    resemblance,
                    signals,
                    exact.badness(),
                    exact.partialTarget() || exact.fileMatch(),
                    exact.fileMatch());
        }

        boolean exactKnown() {
            return !Double.isNaN(labelledShare);
        }
    }

    /** The pages of one copying host alike in wording to one source. */
    record Host(String source, String host, List<Page> pages) {
        double meanResemblance() {
            return pages.stream().mapToDouble(Page::resemblance).sum() / pages.size();
        }

        double minResemblance() {
            return pages.stream().mapToDouble(Page::resemblance).min().orElse(0);
        }

        double maxResemblance() {
            return pages.stream().mapToDouble(Page::resemblance).max().orElse(0);
        }

        /** The sum of its pages' resemblance: many close copies weigh more than one, or many faint ones. */
        double weight() {
            return pages.stream().mapToDouble(Page::resemblance).sum();
        }

        long exactAlerts() {
            return pages.stream().filter(Page::exactAlert).count();
        }

        /** The mean share of labelled chunks over the pages whose exact score is known; NaN when none is. */
        double meanLabelledShare() {
            return pages.stream()
                    .filter(Page::exactKnown)
                    .mapToDouble(Page::labelledShare)
                    .average()
                    .orElse(Double.NaN);
        }

        /** The scheme and host of its first page, to link the host by. */
        String root() {
            String url = pages.get(0).url();
            int start = url.indexOf("://");
            int end = start < 0 ? -1 : url.indexOf('/', start + 3);
            return end < 0 ? url : url.substring(0, end + 1);
        }
    }

    /** One labelled page and the pages alike in wording to it on other hosts. */
    record SourcePage(String source, String url, List<Page> copies) {
        double maxResemblance() {
            return copies.stream().mapToDouble(Page::resemblance).max().orElse(0);
        }

        long hosts() {
            return copies.stream().map(Page::host).distinct().count();
        }
    }

    /** The strongest first: most weight, then the closer mean, then host and source by name. */
    static final Comparator<Host> STRONGEST_FIRST = Comparator.comparingDouble(Host::weight)
            .reversed()
            .thenComparing(Comparator.comparingDouble(Host::meanResemblance).reversed())
            .thenComparing(Host::host, CopyTable::natural)
            .thenComparing(Host::source);

    /** The closest first, then by URL. */
    static final Comparator<Page> CLOSEST_FIRST =
            Comparator.comparingDouble(Page::resemblance).reversed().thenComparing(Page::url);

    private final Map<String, Page> byUrl = new HashMap<>();
    private final Set<String> ownSite = new HashSet<>();

    /** Takes a word-signal alert (others are ignored); a page alerted more than once keeps its closest match. */
    void accept(Alert alert) {
        if (alert.type() != AlertType.NEAR_COPY && alert.type() != AlertType.NEAR_DUPLICATE || alert.url() == null) {
            return;
        }
        String matched = alert.matchedUrl() != null ? alert.matchedUrl() : exampleUrl(alert.evidence());
        String host = CopyTable.hostOf(alert.url());
        String source = siteOfUrl(matched);
        if (matched == null || host == null || source == null) {
            return; // nothing names the page it resembles: no source to report it under
        }
        if (source.equals(siteOfUrl(alert.url()))) {
            ownSite.add(alert.url()); // its publisher's own page (the labelled page itself, say): no copy
            return;
        }
        double resemblance = alert.resemblance() != null ? alert.resemblance() : alert.badness();
        Page page = new Page(
                alert.url(),
                host,
                source,
                matched,
                resemblance,
                List.of(alert.type().wireName()),
                Double.NaN,
                false,
                false);
        byUrl.merge(alert.url(), page, WordCopies::closer);
    }

    /** Takes the exact chunks' score of a page: how much of it is labelled, and whether that alerted it. */
    void accept(PageResult exact) {
        if (exact.url() != null) {
            byUrl.computeIfPresent(exact.url(), (url, page) -> page.withExact(exact));
        }
    }

    boolean isEmpty() {
        return byUrl.isEmpty();
    }

    /** Pages alerted that are on the site of the labelled page they resemble: its publisher's own, left out. */
    long ownSitePages() {
        return ownSite.size();
    }

    /** The pages alerted, closest first. */
    List<Page> pages() {
        List<Page> pages = new ArrayList<>(byUrl.values());
        pages.sort(CLOSEST_FIRST);
        return pages;
    }

    /**
     * The copying hosts of each source, strongest first; with {@code identical} false, the pages that are whole-file
     * copies of a labelled page are left out (and a host left with none).
     */
    List<Host> hosts(boolean identical) {
        Map<String, List<Page>> groups = new TreeMap<>();
        for (Page p : pages()) {
            if (identical || !p.identical()) {
                groups.computeIfAbsent(p.source() + "\u0000" + p.host(), k -> new ArrayList<>())
                        .add(p);
            }
        }
        List<Host> hosts = new ArrayList<>();
        groups.forEach((key, pages) -> hosts.add(new Host(
                key.substring(0, key.indexOf('\u0000')),
                key.substring(key.indexOf('\u0000') + 1),
                List.copyOf(pages))));
        hosts.sort(STRONGEST_FIRST);
        return hosts;
    }

    /**
     * The labelled pages with their copies (whole-file copies left out), most copies first, then the closest, then
     * by URL; each one's copies closest first.
     */
    List<SourcePage> sourcePages() {
        Map<String, List<Page>> groups = new TreeMap<>();
        for (Page p : pages()) {
            if (!p.identical()) {
                groups.computeIfAbsent(p.matchedUrl(), k -> new ArrayList<>()).add(p);
            }
        }
        List<SourcePage> sources = new ArrayList<>();
        groups.forEach((url, copies) -> sources.add(new SourcePage(copies.get(0).source(), url, List.copyOf(copies))));
        sources.sort(Comparator.comparingInt((SourcePage s) -> -s.copies().size())
                .thenComparing(
                        Comparator.comparingDouble(SourcePage::maxResemblance).reversed())
                .thenComparing(SourcePage::url));
        return sources;
    }

    /** Per source, its copying hosts by the word signals (whole-file copies included), for the answer table. */
    Map<String, Map<String, Host>> bySourceAndHost() {
        Map<String, Map<String, Host>> result = new LinkedHashMap<>();
        for (Host h : hosts(true)) {
            result.computeIfAbsent(h.source(), s -> new LinkedHashMap<>()).put(h.host(), h);
        }
        return result;
    }

    /**
     * The section of the pages alike in wording that are not identical files: the copying hosts, strongest first, each
     * with its closest pages and the source pages they resemble; then, folded, each source page with its copies.
     */
    static void write(Html html, WordCopies words, CopyTable.Families families) {
        html.heading("Rewritten copies");
        String ownSite = words.ownSitePages() == 0
                ? ""
                : " Left out: " + count(words.ownSitePages()) + (words.ownSitePages() == 1 ? " page" : " pages")
                        + " alike in wording to a labelled page of the same site (the publisher's own pages, the"
                        + " labelled pages themselves among them).";
        if (words.isEmpty()) {
            html.paragraph("No page of another site was alerted near-copy or near-duplicate: no page was found alike in"
                    + " wording to a labelled page (the word signals run when shingles.near-copy.enabled or"
                    + " imatch.lexicon is set)." + ownSite);
            return;
        }
        List<Page> all = words.pages();
        long identical = all.stream().filter(Page::identical).count();
        List<Host> hosts = words.hosts(false);
        if (hosts.isEmpty()) {
            html.paragraph("Each of the " + count(all.size()) + " pages alike in wording to a labelled page is an"
                    + " identical copy of its file: they are counted in the table above, none is rewritten."
                    + ownSite);
            return;
        }
        Map<String, List<Host>> bySource = new LinkedHashMap<>();
        hosts.forEach(h ->
                bySource.computeIfAbsent(h.source(), s -> new ArrayList<>()).add(h));
        List<String> lines = new ArrayList<>();
        bySource.forEach((source, copiers) -> {
            long pages = copiers.stream().mapToLong(h -> h.pages().size()).sum();
            long alone = copiers.stream()
                    .mapToLong(h -> h.pages().size() - h.exactAlerts())
                    .sum();
            double min =
                    copiers.stream().mapToDouble(Host::minResemblance).min().orElse(0);
            double max =
                    copiers.stream().mapToDouble(Host::maxResemblance).max().orElse(0);
            lines.add(
                    families.name(source) + " → " + count(pages) + (pages == 1 ? " rewritten page" : " rewritten pages")
                            + " on " + copiers.size() + (copiers.size() == 1 ? " host" : " hosts") + ", resemblance "
                            + range(min, max) + "; "
                            + (alone == 0
                                    ? "each also alerted by its exact chunks"
                                    : count(alone) + " of them found by their wording alone"));
        });
        html.lead(String.join("; ", lines.subList(0, Math.min(lines.size(), CopyTable.HEADLINE_SOURCES)))
                + (lines.size() > CopyTable.HEADLINE_SOURCES
                        ? "; " + (lines.size() - CopyTable.HEADLINE_SOURCES) + " more below."
                        : "."));
        List<List<String>> rows = new ArrayList<>();
        for (Host h : hosts.subList(0, Math.min(hosts.size(), ReportWriter.TOP_ROWS))) {
            double labelled = h.meanLabelledShare();
            rows.add(List.of(
                    "<b>" + Html.escape(families.name(h.source())) + "</b>",
                    Html.link(h.root(), h.host()),
                    count(h.pages().size()),
                    Html.number(h.meanResemblance()),
                    Html.number(h.minResemblance()),
                    Html.escape(signals(h.pages())),
                    Double.isNaN(labelled)
                            ? "<span class=\"note\">not scored</span>" // its pages are not in pages.jsonl
                            : String.format(Locale.ROOT, "%.0f%%", 100 * labelled) + "<br><span class=\"note\">"
                                    + alerted(h) + "</span>",
                    closestPages(h.pages())));
        }
        html.table(
                List.of(
                        "copied source",
                        "copying host",
                        "pages",
                        "mean resemblance",
                        "lowest",
                        "signal",
                        "labelled chunks",
                        "its closest pages, resemblance ← the source page"),
                rows,
                List.of("pages", "mean resemblance", "lowest"));
        html.paragraph("Pages alike in wording to a labelled page, by the word signals: near-copy (min-hash"
                + " shingles; resemblance: the share of the two pages' sampled shingles that agree) and near-duplicate"
                + " (an I-Match signature equal to the labelled page's). Hosts with most weight of close copies first"
                + " (the sum of their pages' resemblance), a page counted once with its closest source page. Labelled"
                + " chunks: the mean share of those pages' chunks whose exact hash is labelled (a rewritten page keeps"
                + " few), and how many pages that share alerted"
                + (identical == 0
                        ? ""
                        : identical == 1
                                ? "; the page that is an identical copy of a labelled file is left out here (the table"
                                        + " above counts it)"
                                : "; the " + count(identical) + " pages that are identical copies of a labelled file"
                                        + " are left out here (the table above counts them)")
                + (hosts.size() > ReportWriter.TOP_ROWS
                        ? "; the first " + ReportWriter.TOP_ROWS + " of " + hosts.size() + " hosts are shown."
                        : ".")
                + ownSite);

        List<SourcePage> sources = words.sourcePages();
        html.openDetails("The " + count(sources.size()) + " source pages with rewritten copies, each with its copies:"
                + " show");
        List<List<String>> sourceRows = new ArrayList<>();
        for (SourcePage s : sources.subList(0, Math.min(sources.size(), ReportWriter.TOP_ROWS))) {
            sourceRows.add(List.of(
                    Html.url(s.url()),
                    count(s.copies().size()),
                    count(s.hosts()),
                    Html.number(s.maxResemblance()),
                    copiesByHost(s.copies())));
        }
        html.table(
                List.of("source page", "copies", "hosts", "closest", "its copies by host (resemblance, signal)"),
                sourceRows,
                List.of("copies", "hosts", "closest"));
        if (sources.size() > ReportWriter.TOP_ROWS) {
            html.paragraph(
                    "The " + ReportWriter.TOP_ROWS + " source pages with most copies of " + sources.size() + ".");
        }
        html.closeDetails();
    }

    /** How many of a host's pages their labelled chunks alerted. */
    private static String alerted(Host h) {
        if (h.pages().size() == 1) {
            return h.exactAlerts() == 1 ? "its page alerted" : "its page not alerted";
        }
        return count(h.exactAlerts()) + " of " + count(h.pages().size()) + " pages alerted";
    }

    /** How many of the pages each signal alerted, by signal name. */
    private static String signals(List<Page> pages) {
        Map<String, Long> counts = new TreeMap<>();
        pages.forEach(p -> p.signals().forEach(s -> counts.merge(s, 1L, Long::sum)));
        List<String> parts = new ArrayList<>();
        counts.forEach((signal, n) -> parts.add(signal + " " + count(n)));
        return String.join(", ", parts);
    }

    /**
     * The closest few pages (already closest first), each by its path, resemblance and the source page it resembles;
     * when there are several and their source pages are all on one host, the host is named once above them and each
     * source page by its path.
     */
    private static String closestPages(List<Page> pages) {
        List<Page> shown = pages.subList(0, Math.min(pages.size(), PAGES_SHOWN));
        String sourceHost = CopyTable.hostOf(shown.get(0).matchedUrl());
        boolean oneHost = sourceHost != null
                && shown.size() > 1
                && shown.stream().allMatch(p -> sourceHost.equals(CopyTable.hostOf(p.matchedUrl())));
        List<String> parts = new ArrayList<>();
        if (oneHost) {
            parts.add("<span class=\"note\">← resembling pages of " + Html.escape(sourceHost) + "</span>");
        }
        for (Page p : shown) {
            parts.add(Html.link(p.url(), path(p.url())) + " " + Html.number(p.resemblance()) + " ← "
                    + Html.link(p.matchedUrl(), oneHost ? path(p.matchedUrl()) : withoutScheme(p.matchedUrl())));
        }
        if (pages.size() > PAGES_SHOWN) {
            parts.add("… and " + (pages.size() - PAGES_SHOWN) + " more");
        }
        return String.join("<br>", parts);
    }

    /** The copies of one source page (closest first), grouped by host in the order of each host's closest copy. */
    private static String copiesByHost(List<Page> copies) {
        Map<String, List<Page>> byHost = new LinkedHashMap<>();
        copies.forEach(
                p -> byHost.computeIfAbsent(p.host(), h -> new ArrayList<>()).add(p));
        List<String> parts = new ArrayList<>();
        byHost.forEach((host, pages) -> {
            List<String> links = new ArrayList<>();
            for (Page p : pages) {
                links.add(Html.link(p.url(), path(p.url())) + " " + Html.number(p.resemblance()) + " "
                        + Html.escape(String.join(" + ", p.signals())));
            }
            parts.add("<b>" + Html.escape(host) + "</b>: " + String.join(", ", links));
        });
        return String.join("<br>", parts);
    }

    static String range(double min, double max) {
        return Html.number(min).equals(Html.number(max)) ? Html.number(max) : Html.number(min) + "–" + Html.number(max);
    }

    /** The path (and query) of a URL, or the URL when it has none. */
    static String path(String url) {
        int start = url.indexOf("://");
        int slash = start < 0 ? -1 : url.indexOf('/', start + 3);
        return slash < 0 ? url : url.substring(slash);
    }

    private static String withoutScheme(String url) {
        int start = url.indexOf("://");
        return start < 0 ? url : url.substring(start + 3);
    }

    private static String count(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    private static Page closer(Page a, Page b) {
        Page kept = a.resemblance() != b.resemblance()
                ? (a.resemblance() > b.resemblance() ? a : b)
                : (a.matchedUrl().compareTo(b.matchedUrl()) <= 0 ? a : b);
        TreeSet<String> signals = new TreeSet<>(a.signals());
        signals.addAll(b.signals());
        return new Page(
                kept.url(),
                kept.host(),
                kept.source(),
                kept.matchedUrl(),
                kept.resemblance(),
                List.copyOf(signals),
                kept.labelledShare(),
                kept.exactAlert(),
                kept.identical());
    }

    private static String exampleUrl(Evidence[] evidence) {
        if (evidence != null) {
            for (Evidence e : evidence) {
                if (e != null && e.exampleUrl() != null) {
                    return e.exampleUrl();
                }
            }
        }
        return null;
    }

    private static String siteOfUrl(String url) {
        if (url == null) {
            return null;
        }
        try {
            String site = Sites.ofUrl(url);
            return site == null ? null : site.toLowerCase(Locale.ROOT);
        } catch (RuntimeException e) {
            return CopyTable.hostOf(url);
        }
    }
}
