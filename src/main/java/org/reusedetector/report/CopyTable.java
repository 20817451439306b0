package org.reusedetector.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.reusedetector.batch.NeighbourhoodResult;
import org.reusedetector.discover.DiscoveryOutput;
import org.reusedetector.discover.Family;
import org.reusedetector.format.JsonLines;
import org.reusedetector.model.Copy;
import org.reusedetector.url.Sites;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The answer a detection report leads with: which source was copied onto which hosts, from the bad neighbourhoods'
 * copies. One row per source and copying site (registrable domain), its hosts named; per host the neighbourhood that
 * holds most of the source (then the one with most pages, the host's own prefix before the paths under it).
 *
 * <p>A blind run's sources are copy families ({@code family:<id>}); they are named by the host their discovery run
 * judged the source, read from the {@code families.jsonl} beside the labels when it is still there. That host is
 * no copier of its own family and is left out of the copying hosts.
 */
final class CopyTable {

    private static final Logger LOG = LoggerFactory.getLogger(CopyTable.class);

    /** Hosts named in a row before "and n more". */
    static final int HOSTS_NAMED = 12;

    /** The source key of the copy families whose discovery could not tell their source (grouped in one). */
    static final String UNTOLD = "family:?";

    /**
     * The site of the row that gathers a source's stray copies: hosts of several sites, with no bad neighbourhood and a
     * single page each alike in wording (a phishing page, a scraped article), which one row per site would spread
     * over a screen.
     */
    static final String STRAY = "";

    /** What one host holds of one source: its neighbourhood that holds most of it. */
    record Holding(
            String host, String prefix, double coverage, long chunks, long sourceChunks, long pages, double badness) {}

    /**
     * One source and the hosts of one site that copied it: those holding its labelled chunks in a bad neighbourhood,
     * and those with pages alike in wording to its pages (the word signals), either or both.
     */
    record Row(String source, String site, List<Holding> hosts, List<WordCopies.Host> alike) {
        Row(String source, String site, List<Holding> hosts) {
            this(source, site, hosts, List.of());
        }

        double maxCoverage() {
            return hosts.stream().mapToDouble(Holding::coverage).max().orElse(0);
        }

        double minCoverage() {
            return hosts.stream().mapToDouble(Holding::coverage).min().orElse(0);
        }

        long pages() {
            return hosts.stream().mapToLong(Holding::pages).sum();
        }

        /** The pages of its hosts alike in wording to the source's. */
        long alikePages() {
            return alike.stream().mapToLong(h -> h.pages().size()).sum();
        }

        double alikeWeight() {
            return alike.stream().mapToDouble(WordCopies.Host::weight).sum();
        }

        /** Its hosts, each once, in natural order. */
        List<String> hostNames() {
            Set<String> names = new java.util.TreeSet<>(CopyTable::natural);
            hosts.forEach(h -> names.add(h.host()));
            alike.forEach(h -> names.add(h.host()));
            return List.copyOf(names);
        }

        /** Its hosts that hold none of the source's chunks in a bad neighbourhood: found by their wording alone. */
        long wordOnlyHosts() {
            Set<String> exact = new HashSet<>();
            hosts.forEach(h -> exact.add(h.host()));
            return alike.stream().filter(h -> !exact.contains(h.host())).count();
        }
    }

    private CopyTable() {}

    /** The rows of the bad neighbourhoods: sources with most copying hosts first, then most coverage. */
    static List<Row> of(List<NeighbourhoodResult> bad, Families families) {
        return of(bad, families, Map.of());
    }

    /**
     * The rows of the bad neighbourhoods and of the hosts alike in wording ({@link WordCopies#bySourceAndHost}): sources
     * with most copying hosts first; a source's sites by most coverage, then most weight of alike pages, then name.
     */
    static List<Row> of(
            List<NeighbourhoodResult> bad, Families families, Map<String, Map<String, WordCopies.Host>> alike) {
        Map<String, Map<String, Holding>> bySource = new LinkedHashMap<>(); // source -> host -> best holding
        for (NeighbourhoodResult n : bad) {
            String host = hostOf(n.prefix());
            if (host == null || n.copies() == null) {
                continue;
            }
            for (Copy c : n.copies()) {
                if (c == null || c.source() == null || families.isSource(c.source(), host)) {
                    continue;
                }
                Holding h = new Holding(
                        host, n.prefix(), c.coverage(), c.chunks(), c.sourceChunks(), n.pages(), n.badness());
                String source = families.untold(c.source()) ? UNTOLD : c.source();
                bySource.computeIfAbsent(source, s -> new HashMap<>()).merge(host, h, CopyTable::better);
            }
        }
        Set<String> sources = new HashSet<>(bySource.keySet());
        sources.addAll(alike.keySet());
        List<Row> rows = new ArrayList<>();
        Map<String, Integer> hostsOfSource = new HashMap<>();
        for (String source : sources) {
            Map<String, Holding> hosts = bySource.getOrDefault(source, Map.of());
            Map<String, WordCopies.Host> alikeHosts = alike.getOrDefault(source, Map.of());
            Set<String> all = new HashSet<>(hosts.keySet());
            all.addAll(alikeHosts.keySet());
            hostsOfSource.put(source, all.size());
            Map<String, List<Holding>> bySite = new HashMap<>();
            Map<String, List<WordCopies.Host>> alikeBySite = new HashMap<>();
            hosts.values()
                    .forEach(h -> bySite.computeIfAbsent(siteOf(h.host()), s -> new ArrayList<>())
                            .add(h));
            alikeHosts
                    .values()
                    .forEach(h -> alikeBySite
                            .computeIfAbsent(siteOf(h.host()), s -> new ArrayList<>())
                            .add(h));
            Set<String> sites = new HashSet<>(bySite.keySet());
            sites.addAll(alikeBySite.keySet());
            List<WordCopies.Host> stray = new ArrayList<>();
            for (String site : sites) {
                List<Holding> holdings = bySite.getOrDefault(site, new ArrayList<>());
                holdings.sort(Comparator.comparing(Holding::host, CopyTable::natural));
                List<WordCopies.Host> alikes = alikeBySite.getOrDefault(site, new ArrayList<>());
                alikes.sort(Comparator.comparing(WordCopies.Host::host, CopyTable::natural));
                if (holdings.isEmpty()
                        && alikes.stream().allMatch(h -> h.pages().size() == 1)) {
                    stray.addAll(alikes);
                } else {
                    rows.add(new Row(source, site, List.copyOf(holdings), List.copyOf(alikes)));
                }
            }
            if (stray.size() == 1) {
                rows.add(new Row(source, siteOf(stray.get(0).host()), List.of(), List.copyOf(stray)));
            } else if (!stray.isEmpty()) {
                stray.sort(Comparator.comparing((WordCopies.Host h) -> siteOf(h.host()))
                        .thenComparing(WordCopies.Host::host, CopyTable::natural));
                rows.add(new Row(source, STRAY, List.of(), List.copyOf(stray)));
            }
        }
        rows.sort(Comparator.comparing((Row r) -> r.source().equals(UNTOLD))
                .thenComparing((Row r) -> -hostsOfSource.get(r.source()))
                .thenComparing(Row::source)
                .thenComparing((Row r) -> r.site().equals(STRAY))
                .thenComparing(Comparator.comparingDouble(Row::maxCoverage).reversed())
                .thenComparing(Comparator.comparingDouble(Row::alikeWeight).reversed())
                .thenComparing(Row::site));
        return rows;
    }

    private static Holding better(Holding a, Holding b) {
        if (a.coverage() != b.coverage()) {
            return a.coverage() > b.coverage() ? a : b;
        }
        if (a.pages() != b.pages()) { // the tighter neighbourhood holding as much: its pages are the copy's
            return a.pages() < b.pages() ? a : b;
        }
        return a.prefix().length() <= b.prefix().length() ? a : b;
    }

    static void write(Html html, List<Row> rows, Families families) {
        if (rows.isEmpty()) {
            html.paragraph("No neighborhood was judged bad and no page was found alike in wording to a labelled page:"
                    + " nothing was found copied.");
            return;
        }
        Map<String, Set<String>> hosts = new LinkedHashMap<>();
        Map<String, Set<String>> exactHosts = new HashMap<>();
        rows.forEach(r -> {
            hosts.computeIfAbsent(r.source(), s -> new HashSet<>()).addAll(r.hostNames());
            exactHosts
                    .computeIfAbsent(r.source(), s -> new HashSet<>())
                    .addAll(r.hosts().stream().map(Holding::host).toList());
        });
        List<String> lines = new ArrayList<>();
        hosts.forEach((source, copiers) -> {
            int byWording = copiers.size() - exactHosts.get(source).size();
            lines.add(
                    source.equals(UNTOLD)
                            ? copiers.size() + " hosts share the text of " + families.untoldCount()
                                    + " copy families whose source is not told apart"
                            : families.name(source) + " → copied onto " + copiers.size()
                                    + (copiers.size() == 1 ? " host" : " hosts")
                                    + (byWording == 0
                                            ? ""
                                            : " (" + byWording + " of them found by their wording alone)"));
        });
        html.lead(String.join("; ", lines.subList(0, Math.min(lines.size(), HEADLINE_SOURCES)))
                + (lines.size() > HEADLINE_SOURCES ? "; " + (lines.size() - HEADLINE_SOURCES) + " more below." : "."));
        boolean anyAlike = rows.stream().anyMatch(r -> !r.alike().isEmpty());
        List<List<String>> cells = new ArrayList<>();
        for (Row r : rows.subList(0, Math.min(rows.size(), ReportWriter.TOP_ROWS))) {
            long chunks = r.hosts().stream().mapToLong(Holding::chunks).max().orElse(0);
            long sourceChunks =
                    r.hosts().stream().mapToLong(Holding::sourceChunks).max().orElse(0);
            boolean exact = !r.hosts().isEmpty();
            List<String> row = new ArrayList<>(List.of(
                    families.describe(r.source()),
                    hostList(r),
                    String.valueOf(r.hostNames().size()),
                    !exact
                            ? "<span class=\"note\">none in a bad neighborhood</span>"
                            : coverage(r)
                                    + (r.source().equals(UNTOLD)
                                            ? "<br><span class=\"note\">of a family</span>"
                                            : "<br><span class=\"note\">up to " + count(chunks) + " of "
                                                    + count(sourceChunks) + " chunks</span>")));
            if (anyAlike) {
                row.add(alike(r));
            }
            row.add(exact ? count(r.pages()) : "");
            row.add(
                    exact
                            ? Html.number(r.hosts().stream()
                                    .mapToDouble(Holding::badness)
                                    .max()
                                    .orElse(0))
                            : "");
            cells.add(row);
        }
        List<String> header =
                new ArrayList<>(List.of("copied source", "copied onto", "hosts", "coverage of the source"));
        if (anyAlike) {
            header.add("pages alike in wording");
        }
        header.addAll(List.of("pages", "worst badness"));
        html.table(header, cells, List.of("hosts", "pages", "worst badness"));
        html.paragraph("Each row: one source and the hosts of one site that hold its labelled text in a bad"
                + " neighborhood"
                + (anyAlike
                        ? " or have pages alike in wording to its pages (near-copy and near-duplicate alerts: a copy"
                                + " with words replaced keeps few exact chunks; hosts in italics were found this way"
                                + " alone)"
                        : "")
                + ". Coverage: the share of the source's labelled chunks a host holds (its neighborhood"
                + " holding most of them); pages: the pages of those neighborhoods"
                + (anyAlike
                        ? "; pages alike in wording: how many, and their resemblance to the source's pages"
                                + " (those that are not identical files are listed under Rewritten copies)"
                        : "")
                + (families.untoldCount() == 0
                        ? ""
                        : ". " + families.untoldCount() + " copy families of the"
                                + " discovery run sit on hosts whose side it could not tell (each holds text of its own"
                                + " besides the copy, or the source is missing from the crawl): their hosts share copied text,"
                                + " and which of them is the source is for a person to judge")
                + (rows.size() > ReportWriter.TOP_ROWS
                        ? "; the first " + ReportWriter.TOP_ROWS + " of " + rows.size() + " rows are shown."
                        : "."));
    }

    /** Sources named in the sentence above the table. */
    static final int HEADLINE_SOURCES = 6;

    private static String coverage(Row r) {
        String max = String.format(Locale.ROOT, "%.0f%%", 100 * r.maxCoverage());
        String min = String.format(Locale.ROOT, "%.0f%%", 100 * r.minCoverage());
        return min.equals(max) ? max : min + "–" + max;
    }

    /** The row's pages alike in wording: how many, and their resemblance (range and mean). */
    private static String alike(Row r) {
        if (r.alike().isEmpty()) {
            return "";
        }
        List<WordCopies.Page> pages = new ArrayList<>();
        r.alike().forEach(h -> pages.addAll(h.pages()));
        pages.sort(WordCopies.CLOSEST_FIRST); // the mean over a fixed order: the same digits every run
        double min = pages.get(pages.size() - 1).resemblance();
        double max = pages.get(0).resemblance();
        double mean = pages.stream().mapToDouble(WordCopies.Page::resemblance).sum() / pages.size();
        return count(pages.size()) + (pages.size() == 1 ? " page" : " pages") + "<br><span class=\"note\">resemblance "
                + WordCopies.range(min, max) + (pages.size() > 2 ? ", mean " + Html.number(mean) : "") + "</span>";
    }

    /**
     * The site in bold, then its hosts by the part before the site, in natural order: a host holding the source's
     * chunks linked to its neighbourhood, a host found by its wording alone in italics, linked to its root.
     */
    private static String hostList(Row r) {
        Map<String, Holding> exact = new HashMap<>();
        r.hosts().forEach(h -> exact.put(h.host(), h));
        Map<String, WordCopies.Host> alike = new HashMap<>();
        r.alike().forEach(h -> alike.put(h.host(), h));
        List<String> hosts = r.hostNames();
        List<String> names = new ArrayList<>();
        for (String host : hosts) {
            String name = host.endsWith("." + r.site())
                    ? host.substring(0, host.length() - r.site().length() - 1)
                    : host;
            Holding h = exact.get(host);
            names.add(
                    h != null
                            ? Html.link(h.prefix(), name)
                            : "<i>" + Html.link(alike.get(host).root(), name) + "</i>");
            if (names.size() == HOSTS_NAMED && hosts.size() > HOSTS_NAMED + 1) {
                names.add("… and " + (hosts.size() - HOSTS_NAMED) + " more");
                break;
            }
        }
        if (r.site().equals(STRAY)) {
            return strayList(r);
        }
        boolean onlySite = hosts.size() == 1 && hosts.get(0).equals(r.site());
        return onlySite ? names.get(0) : "<b>" + Html.escape(r.site()) + "</b>: " + String.join(", ", names);
    }

    /** The stray row's hosts in italics, each linked to its page, grouped by site in bold. */
    private static String strayList(Row r) {
        Map<String, List<String>> bySite = new LinkedHashMap<>(); // the row's hosts are sorted by site, then host
        for (WordCopies.Host h : r.alike()) {
            String site = siteOf(h.host());
            String name = h.host().endsWith("." + site)
                    ? h.host().substring(0, h.host().length() - site.length() - 1)
                    : h.host();
            bySite.computeIfAbsent(site, s -> new ArrayList<>())
                    .add("<i>" + Html.link(h.pages().get(0).url(), name) + "</i>");
        }
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : bySite.entrySet()) {
            if (parts.size() == HOSTS_NAMED && bySite.size() > HOSTS_NAMED + 1) {
                parts.add("… and " + (bySite.size() - HOSTS_NAMED) + " more sites");
                break;
            }
            parts.add("<b>" + Html.escape(e.getKey()) + "</b>: " + String.join(", ", e.getValue()));
        }
        return "<span class=\"note\">" + bySite.size() + " sites, one page alike on each host:</span><br>"
                + String.join("; ", parts);
    }

    static String hostOf(String prefix) {
        if (prefix == null) {
            return null;
        }
        int start = prefix.indexOf("://");
        if (start < 0) {
            return null;
        }
        int end = prefix.indexOf('/', start + 3);
        String host = end < 0 ? prefix.substring(start + 3) : prefix.substring(start + 3, end);
        int port = host.indexOf(':');
        return (port < 0 ? host : host.substring(0, port)).toLowerCase(Locale.ROOT);
    }

    private static String siteOf(String host) {
        try {
            return Sites.of(host);
        } catch (RuntimeException e) {
            return host;
        }
    }

    /** Text order, with runs of digits compared as numbers (mirror2 before mirror10). */
    static int natural(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                int ei = i;
                while (ei < a.length() && Character.isDigit(a.charAt(ei))) {
                    ei++;
                }
                int ej = j;
                while (ej < b.length() && Character.isDigit(b.charAt(ej))) {
                    ej++;
                }
                String na = a.substring(i, ei).replaceFirst("^0+(?=.)", "");
                String nb = b.substring(j, ej).replaceFirst("^0+(?=.)", "");
                int c = na.length() != nb.length() ? Integer.compare(na.length(), nb.length()) : na.compareTo(nb);
                if (c != 0) {
                    return c;
                }
                i = ei;
                j = ej;
            } else {
                if (x != y) {
                    return Character.compare(x, y);
                }
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private static String count(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    /**
     * The copy families a blind run's sources name, from the discovery run's {@code families.jsonl} beside its labels;
     * empty for an informed run (its sources are sites) or when the file is gone.
     */
    static final class Families {
        private final Map<String, Family> byId;

        private Families(Map<String, Family> byId) {
            this.byId = byId;
        }

        static Families of(String labels, List<NeighbourhoodResult> bad) {
            Set<String> wanted = new HashSet<>();
            for (NeighbourhoodResult n : bad) {
                if (n.copies() != null) {
                    for (Copy c : n.copies()) {
                        if (c != null && Copy.isFamily(c.source())) {
                            wanted.add(c.source().substring(Copy.FAMILY_PREFIX.length()));
                        }
                    }
                }
            }
            Map<String, Family> byId = new HashMap<>();
            if (wanted.isEmpty() || labels == null) {
                return new Families(byId);
            }
            Path file = Path.of(labels).resolveSibling(DiscoveryOutput.FAMILIES);
            if (!Files.isRegularFile(file)) {
                return new Families(byId);
            }
            try {
                JsonLines.forEach(file, Family.class, f -> {
                    if (wanted.contains(f.id())) {
                        byId.put(f.id(), f);
                    }
                });
            } catch (IOException | RuntimeException e) {
                LOG.warn("families file {} not readable for the report's sources: {}", file, e.toString());
            }
            return new Families(byId);
        }

        private Family family(String source) {
            return Copy.isFamily(source) ? byId.get(source.substring(Copy.FAMILY_PREFIX.length())) : null;
        }

        /** The hosts the family's discovery judged its source. */
        private List<Family.Member> sources(Family f) {
            List<Family.Member> sources = new ArrayList<>();
            if (f != null && f.hosts() != null) {
                for (Family.Member m : f.hosts()) {
                    if ("source".equals(m.side())) {
                        sources.add(m);
                    }
                }
            }
            return sources;
        }

        /** Whether a source is a family of the discovery run that did not tell its source. */
        boolean untold(String source) {
            Family f = family(source);
            return f != null && sources(f).isEmpty();
        }

        long untoldCount() {
            return byId.values().stream().filter(f -> sources(f).isEmpty()).count();
        }

        boolean isSource(String source, String host) {
            return sources(family(source)).stream().anyMatch(m -> m.host().equalsIgnoreCase(host));
        }

        /** A source's name in text: the site, or the family's judged source host, or the family's id. */
        String name(String source) {
            if (UNTOLD.equals(source)) {
                return "copy families whose source is not told apart";
            }
            Family f = family(source);
            if (f == null) {
                return source;
            }
            List<Family.Member> sources = sources(f);
            return sources.isEmpty()
                    ? "family " + f.id() + " (source not told apart)"
                    : sources.get(0).host();
        }

        /** A source's cell: its name in bold, and for a family what it is. */
        String describe(String source) {
            if (UNTOLD.equals(source)) {
                return "<b>source not told apart</b><br><span class=\"note\">" + untoldCount()
                        + " copy families: these hosts share copied text; which is the source, the evidence cannot"
                        + " tell</span>";
            }
            Family f = family(source);
            if (f == null) {
                return "<b>" + Html.escape(source) + "</b>";
            }
            List<Family.Member> sources = sources(f);
            String head = sources.isEmpty()
                    ? "<b>source not told apart</b>"
                    : "<b>" + Html.escape(sources.get(0).host()) + "</b> "
                            + String.format(
                                    Locale.ROOT,
                                    "<span class=\"note\">(judged the source, confidence %.2f)</span>",
                                    sources.get(0).confidence());
            return head + "<br><span class=\"note\">family <code>" + Html.escape(f.id()) + "</code>, "
                    + Html.escape(f.kind()) + ", " + count(f.chunks()) + " chunks"
                    + (f.exampleUrl() == null ? "" : ", e.g. " + Html.url(f.exampleUrl())) + "</span>";
        }
    }
}
