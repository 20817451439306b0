package org.reusedetector.discover;

import org.reusedetector.model.Label;

/**
 * A partial count flowing through {@link DiscoveryWorkflow}: first per hash and host (one page each, summed),
 * then per hash and site (one host each, summed), then per hash (one site each, summed). A sample-only tally
 * ({@code hosts == 0}) carries a chunk's text.
 *
 * @param kind chunk or file
 * @param hash hex SHA-1
 * @param host the host while counting per host, else {@code null}
 * @param site the site (registrable domain) while counting per host or site, else {@code null}
 * @param count pages
 * @param hosts hosts (0 while counting per host)
 * @param sites distinct sites (0 until counted per site)
 * @param hostSet an order-free fingerprint of the set of hosts (the sum of one 64-bit hash per host): hashes
 *     with equal fingerprints sit on the same hosts
 * @param topHostPages pages on the top host (0 while counting per host)
 * @param exampleUrl the smallest URL seen
 * @param text chunk text, or {@code null}
 */
public record Tally(
        String kind,
        String hash,
        String host,
        String site,
        long count,
        long hosts,
        long sites,
        long hostSet,
        long topHostPages,
        String exampleUrl,
        String text) {

    public static Tally ofPage(String kind, String hash, String host, String site, String url) {
        return new Tally(kind, hash, host, site, 1, 0, 0, 0, 0, url, null);
    }

    public static Tally ofSample(ChunkSample sample) {
        return new Tally(
                Label.KIND_CHUNK, sample.hash(), null, null, 0, 0, 0, 0, 0, null, HashCount.clip(sample.text()));
    }

    public String hostKey() {
        return kind + ':' + hash + '@' + host;
    }

    public String siteKey() {
        return kind + ':' + hash + '#' + site;
    }

    public String hashKey() {
        return kind + ':' + hash;
    }

    /** Two tallies of the same hash and host. */
    public Tally addPages(Tally o) {
        return new Tally(kind, hash, host, site, count + o.count, 0, 0, 0, 0, smaller(exampleUrl, o.exampleUrl), null);
    }

    /** A per-host tally as one host of its hash. */
    public Tally asHostLevel() {
        return new Tally(kind, hash, null, site, count, 1, 0, HostSets.fingerprint(host), count, exampleUrl, null);
    }

    /** Two host-level tallies of the same hash and site. */
    public Tally addHostsOfSite(Tally o) {
        return new Tally(
                kind,
                hash,
                null,
                site,
                count + o.count,
                hosts + o.hosts,
                0,
                hostSet + o.hostSet,
                Math.max(topHostPages, o.topHostPages),
                smaller(exampleUrl, o.exampleUrl),
                null);
    }

    /** A per-site tally as one site of its hash. */
    public Tally asSiteLevel() {
        return new Tally(kind, hash, null, null, count, hosts, 1, hostSet, topHostPages, exampleUrl, null);
    }

    /** Two tallies of the same hash from different sites (or a text sample). */
    public Tally addSites(Tally o) {
        return new Tally(
                kind,
                hash,
                null,
                null,
                count + o.count,
                hosts + o.hosts,
                sites + o.sites,
                hostSet + o.hostSet,
                Math.max(topHostPages, o.topHostPages),
                smaller(exampleUrl, o.exampleUrl),
                text != null ? text : o.text);
    }

    /** The count with its verdict; a published one names the family of its host set. */
    public HashCount toCount(Verdict verdict, long group) {
        String family = verdict.published() ? Families.id(hostSet) : null;
        return new HashCount(hash, kind, count, hosts, sites, topHostPages, group, exampleUrl, text, verdict, family);
    }

    private static String smaller(String a, String b) {
        if (a == null) {
            return b;
        }
        return b == null || a.compareTo(b) <= 0 ? a : b;
    }
}
