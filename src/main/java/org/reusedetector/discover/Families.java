package org.reusedetector.discover;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.reusedetector.model.Label;

/**
 * Copy families: a copy carries a site's content to the same set of hosts, so the published hashes of a discovery
 * run that sit on exactly the same hosts (equal host-set fingerprints, {@link HostSets}) are one family: the pages a
 * source and its copies share. A family is
 *
 * <ul>
 *   <li>{@link #MIRROR} when it holds file labels: whole files are identical on all its hosts;
 *   <li>{@link #PARTIAL} when it holds chunk labels only: the copies carry the content in pages of their own;
 *   <li>{@link #TEMPLATE} when it holds stop chunks only: boilerplate of several sites, never counted as content.
 * </ul>
 *
 * The hosts of a mirror or partial family are judged source or copier by {@link CopySide}; those of a template family
 * are all unclear: boilerplate has no one origin among its hosts.
 */
public final class Families {

    public static final String MIRROR = "mirror";
    public static final String PARTIAL = "partial";
    public static final String TEMPLATE = "template";

    /**
     * Hosts listed per family: a template can sit on thousands. The hosts judged a source come first, then the
     * others with most pages.
     */
    public static final int MAX_LISTED_HOSTS = 50;

    /** Most pages first; of equal pages, by id. */
    public static final Comparator<Family> ORDER =
            Comparator.comparingLong(Family::pages).reversed().thenComparing(Family::id);

    private static final Comparator<FamilyHost> HOST_ORDER =
            Comparator.comparingLong(FamilyHost::pages).reversed().thenComparing(FamilyHost::host);

    private Families() {}

    /**
     * The id of the family of a host-set fingerprint: {@code f} and 16 hex digits. The fingerprint depends on the
     * set of hosts only, so a family keeps its id from run to run while its hosts stay the same.
     */
    public static String id(long hostSet) {
        return String.format(Locale.ROOT, "f%016x", hostSet);
    }

    /**
     * The family record of one family's published hashes and its hosts' evidence, or {@code null} when it has no
     * published hashes (hosts alone are no family).
     */
    static Family assemble(FamilyLabels labels, List<FamilyHost> hosts) {
        if (labels == null) {
            return null;
        }
        Map<String, CopySide.SiteText> sites = new HashMap<>();
        for (FamilyHost h : hosts) {
            CopySide.SiteText site = new CopySide.SiteText(h.sitePages(), h.siteOwnPages(), h.everyPage());
            sites.merge(h.site(), site, CopySide.SiteText::andShowsOnlyTheFamily);
        }
        // boilerplate has no one origin among its hosts (a generator's fixed text is on every site built with it)
        Map<String, CopySide.Judgement> sides =
                TEMPLATE.equals(labels.kind()) ? CopySide.unclear(sites.keySet()) : CopySide.judge(sites);
        List<FamilyHost> ordered = new ArrayList<>(hosts);
        ordered.sort(HOST_ORDER);
        List<FamilyHost> listed = new ArrayList<>();
        for (FamilyHost h : ordered) {
            if (listed.size() < MAX_LISTED_HOSTS && sides.get(h.site()).side().equals(CopySide.SOURCE)) {
                listed.add(h);
            }
        }
        for (FamilyHost h : ordered) {
            if (listed.size() >= MAX_LISTED_HOSTS) {
                break;
            }
            if (!sides.get(h.site()).side().equals(CopySide.SOURCE)) {
                listed.add(h);
            }
        }
        listed.sort(HOST_ORDER);
        Family.Member[] members = new Family.Member[listed.size()];
        for (int i = 0; i < members.length; i++) {
            FamilyHost h = listed.get(i);
            CopySide.Judgement side = sides.get(h.site());
            members[i] = new Family.Member(
                    h.host(),
                    h.pages(),
                    round(h.share()),
                    side.side(),
                    round(side.confidence()),
                    h.hostPages(),
                    h.sitePages(),
                    h.siteOwnPages());
        }
        long pages = 0;
        FamilyHost first = null;
        for (FamilyHost h : hosts) {
            pages += h.pages();
            if (first == null
                    || h.firstFetch() < first.firstFetch()
                    || (h.firstFetch() == first.firstFetch() && h.firstUrl().compareTo(first.firstUrl()) < 0)) {
                first = h;
            }
        }
        Family.FirstSeen firstSeen = first == null
                ? null
                : new Family.FirstSeen(
                        first.host(),
                        first.firstUrl(),
                        Instant.ofEpochMilli(first.firstFetch()).toString());
        return new Family(
                labels.family(),
                labels.kind(),
                labels.chunks(),
                labels.files(),
                labels.stops(),
                pages,
                hosts.size(),
                labels.exampleText(),
                labels.exampleUrl(),
                firstSeen,
                members);
    }

    /**
     * The source of each family whose hosts discovery could tell apart: the root URL of its host judged
     * {@link CopySide#SOURCE} with the most of the family's pages (of equal pages, the least name), in the scheme of the
     * family's example page. Families with no such host (unclear sides, templates) are not in the map. Labels carry it
     * ({@link Label#familySource}), so that detection counts the family's coverage on every other site only.
     */
    public static Map<String, String> sourceUrls(Iterable<Family> families) {
        Map<String, String> sources = new HashMap<>();
        for (Family f : families) {
            if (f.hosts() == null || TEMPLATE.equals(f.kind())) {
                continue;
            }
            Family.Member best = null;
            for (Family.Member m : f.hosts()) {
                if (CopySide.SOURCE.equals(m.side())
                        && (best == null
                                || m.pages() > best.pages()
                                || m.pages() == best.pages() && m.host().compareTo(best.host()) < 0)) {
                    best = m;
                }
            }
            if (best != null) {
                String example = f.exampleUrl();
                String scheme = example != null && example.startsWith("http://") ? "http" : "https";
                sources.put(f.id(), scheme + "://" + best.host() + "/");
            }
        }
        return sources;
    }

    /** Four decimals: enough to read, and the file stays the same from run to run. */
    static double round(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }

    /**
     * The evidence of each family host of {@code site}: {@code families} are the families' pages on the site's hosts
     * (one per family and host), {@code hosts} the totals of the site's hosts (all of them, with or without a family).
     */
    static List<FamilyHost> ofSite(String site, List<FamilyPage> families, List<HostPages> hosts) {
        List<FamilyHost> out = new ArrayList<>();
        if (families.isEmpty()) {
            return out;
        }
        long sitePages = 0;
        long siteOwnPages = 0;
        Map<String, HostPages> byHost = new HashMap<>();
        for (HostPages h : hosts) {
            sitePages += h.textPages();
            siteOwnPages += h.ownPages();
            byHost.merge(h.host(), h, HostPages::add);
        }
        for (FamilyPage f : families) {
            HostPages h = byHost.getOrDefault(f.host(), new HostPages(f.host(), 0, 0, 0, 0));
            // a content family is on every one of its hosts with content (its hashes all sit on the same hosts); a
            // template family has only its stop chunks
            long pages = f.contentPages() > 0 ? f.contentPages() : f.pages();
            out.add(new FamilyHost(
                    f.family(),
                    f.host(),
                    site,
                    pages,
                    f.chunks(),
                    f.filePages(),
                    h.pages(),
                    h.chunks(),
                    sitePages,
                    siteOwnPages,
                    f.firstFetch(),
                    f.firstUrl(),
                    f.pages() >= h.textPages()));
        }
        return out;
    }
}
