package org.reusedetector.discover;

import org.reusedetector.model.Label;

/**
 * A partial count flowing through {@link DiscoveryWorkflow}: first per hash and host (one page each, summed),
 * then per hash (one host each, summed). A sample-only tally ({@code hosts == 0}) carries a chunk's text.
 *
 * @param kind chunk or file
 * @param hash hex SHA-1
 * @param host the host while counting per host, else {@code null}
 * @param count pages
 * @param hosts hosts (0 while counting per host)
 * @param topHostPages pages on the top host (0 while counting per host)
 * @param exampleUrl the smallest URL seen
 * @param text chunk text, or {@code null}
 */
public record Tally(String kind, String hash, String host, long count, long hosts, long topHostPages, String exampleUrl, String text) {

    public static Tally ofPage(String kind, String hash, String host, String url) {
        return new Tally(kind, hash, host, 1, 0, 0, url, null);
    }

    public static Tally ofSample(ChunkSample sample) {
        return new Tally(Label.KIND_CHUNK, sample.hash(), null, 0, 0, 0, null, HashCount.clip(sample.text()));
    }

    public String hostKey() {
        return kind + ':' + hash + '@' + host;
    }

    public String hashKey() {
        return kind + ':' + hash;
    }

    /** Two tallies of the same hash and host. */
    public Tally addPages(Tally o) {
        return new Tally(kind, hash, host, count + o.count, 0, 0, smaller(exampleUrl, o.exampleUrl), null);
    }

    /** A per-host tally as one host of its hash. */
    public Tally asHostLevel() {
        return new Tally(kind, hash, null, count, 1, count, exampleUrl, null);
    }

    /** Two tallies of the same hash from different hosts (or a text sample). */
    public Tally addHosts(Tally o) {
        return new Tally(kind, hash, null, count + o.count, hosts + o.hosts, Math.max(topHostPages, o.topHostPages),
                smaller(exampleUrl, o.exampleUrl), text != null ? text : o.text);
    }

    private static String smaller(String a, String b) {
        if (a == null) {
            return b;
        }
        return b == null || a.compareTo(b) <= 0 ? a : b;
    }
}
