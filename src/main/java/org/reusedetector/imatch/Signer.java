package org.reusedetector.imatch;

import java.security.MessageDigest;
import java.util.Arrays;
import org.apache.commons.codec.digest.DigestUtils;
import org.reusedetector.page.WordSink;

/**
 * Turns a page's word stream into its extended I-Match signature (paper §4): for the original lexicon and each of
 * the K randomized ones, SHA-1 over the page's unique terms of that lexicon, sorted, each followed by a newline
 * (§3 steps 2-3). A lexicon of which the page holds fewer than the minimum of terms gives no signature (§3 step 3), so
 * tiny pages cannot form false clusters. Holds buffers and a digest: one instance per thread.
 */
public final class Signer implements WordSink {

    private final LexiconTable table;
    private final int minTerms;
    private final MessageDigest digest = DigestUtils.getSha1Digest();
    /** Page number at which each term was last seen: O(1) de-duplication without clearing a set. */
    private final int[] seenOnPage;
    private int page = 1;
    private int[] ids = new int[64];
    private int count;
    private byte[] buffer = new byte[1024];
    private byte[] signatures = Signatures.NONE;

    public Signer(LexiconTable table) {
        this.table = table;
        this.minTerms = table.lexicon().params().minTerms();
        this.seenOnPage = new int[table.size()];
    }

    public LexiconTable table() {
        return table;
    }

    @Override
    public void word(char[] text, int start, int length) {
        int id = table.lookup(text, start, length);
        if (id >= 0 && seenOnPage[id] != page) {
            seenOnPage[id] = page;
            if (count == ids.length) {
                ids = Arrays.copyOf(ids, count * 2);
            }
            ids[count++] = id;
        }
    }

    @Override
    public void endOfPage() {
        signatures = sign();
        count = 0;
        if (++page == Integer.MAX_VALUE) {
            Arrays.fill(seenOnPage, 0);
            page = 1;
        }
    }

    /** The signatures of the last page (see {@link Signatures}); {@link Signatures#NONE} when no lexicon gave one. */
    public byte[] signatures() {
        return signatures;
    }

    private byte[] sign() {
        if (count < minTerms) {
            return Signatures.NONE;
        }
        Arrays.sort(ids, 0, count);
        int lexicons = table.lexiconCount();
        byte[] out = null;
        for (int j = 0; j < lexicons; j++) {
            long bit = 1L << j;
            int terms = 0;
            int bytes = 0;
            for (int i = 0; i < count; i++) {
                int id = ids[i];
                if ((table.membership(id) & bit) != 0) {
                    byte[] term = table.utf8(id);
                    if (bytes + term.length + 1 > buffer.length) {
                        buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, bytes + term.length + 1));
                    }
                    System.arraycopy(term, 0, buffer, bytes, term.length);
                    bytes += term.length;
                    buffer[bytes++] = '\n';
                    terms++;
                }
            }
            if (terms >= minTerms) {
                if (out == null) {
                    out = new byte[lexicons * Signatures.LENGTH];
                }
                digest.reset();
                digest.update(buffer, 0, bytes);
                byte[] sha = digest.digest();
                System.arraycopy(sha, 0, out, j * Signatures.LENGTH, Signatures.LENGTH);
            }
        }
        return out == null ? Signatures.NONE : out;
    }
}
