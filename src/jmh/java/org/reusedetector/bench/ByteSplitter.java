package org.reusedetector.bench;

import java.security.DigestException;
import java.security.MessageDigest;
import org.apache.commons.codec.digest.DigestUtils;
import org.reusedetector.page.Sha1;

/**
 * The paper authors' chunking, as they describe it, for comparison: the raw bytes are split before every {@code <p }
 * {@code <p>} {@code <p\t} {@code <p/} (either case), and every chunk and the whole file are hashed with SHA-1. No
 * HTML parsing at all: the floor under any chunker that hashes the same bytes.
 */
final class ByteSplitter {
    private final MessageDigest sha1 = DigestUtils.getSha1Digest();
    private final byte[] hash = new byte[Sha1.LENGTH];

    /** Returns the number of chunks. */
    int hash(byte[] page) {
        sha1.update(page);
        digestInto();
        int chunks = 0;
        int start = 0;
        for (int i = 0; i + 2 < page.length; i++) {
            if (page[i] == '<' && (page[i + 1] | 0x20) == 'p') {
                byte next = page[i + 2];
                if ((next == ' ' || next == '>' || next == '\t' || next == '/') && i > start) {
                    sha1.update(page, start, i - start);
                    digestInto();
                    chunks++;
                    start = i;
                }
            }
        }
        sha1.update(page, start, page.length - start);
        digestInto();
        return chunks + 1;
    }

    /** The last digest (of the file or a chunk). */
    byte[] lastHash() {
        return hash;
    }

    private void digestInto() {
        try {
            sha1.digest(hash, 0, Sha1.LENGTH);
        } catch (DigestException e) {
            throw new IllegalStateException(e);
        }
    }
}
