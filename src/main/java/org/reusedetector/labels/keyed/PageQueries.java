package org.reusedetector.labels.keyed;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.LabelQuery;
import org.reusedetector.page.Sha1;

/**
 * Which label partition owns a hash, and a page's hashes grouped per owning partition.
 *
 * <p>The partition is taken from the first four hash bytes, inside the 96 bits that identify a label
 * ({@code LabelIndex}): two hashes that are one label there are one label here too, so both modes find the same.
 */
public final class PageQueries {

    private PageQueries() {}

    /** The partition (0 .. partitions-1) of the hash at {@code offset}. */
    public static int partitionOf(byte[] hash, int offset, int partitions) {
        int head = (hash[offset] & 0xff) << 24
                | (hash[offset + 1] & 0xff) << 16
                | (hash[offset + 2] & 0xff) << 8
                | (hash[offset + 3] & 0xff);
        return Integer.remainderUnsigned(head, partitions);
    }

    /**
     * The page's file hash and chunk hashes, one query per partition that owns any of them, in partition order.
     * {@code partitionKeys[p]} is the key records for partition {@code p} carry.
     */
    public static List<LabelQuery> of(long pageId, HashedPage page, int[] partitionKeys) {
        int partitions = partitionKeys.length;
        int chunks = page.chunkCount();
        int[] partitionOf = new int[chunks + 1];
        int[] perPartition = new int[partitions];
        partitionOf[0] = partitionOf(page.fileHash(), 0, partitions);
        perPartition[partitionOf[0]]++;
        byte[] hashes = page.chunkHashes();
        for (int i = 0; i < chunks; i++) {
            partitionOf[i + 1] = partitionOf(hashes, i * Sha1.LENGTH, partitions);
            perPartition[partitionOf[i + 1]]++;
        }
        int[][] indices = new int[partitions][];
        byte[][] packed = new byte[partitions][];
        int[] filled = new int[partitions];
        List<LabelQuery> queries = new ArrayList<>();
        for (int i = 0; i <= chunks; i++) {
            int p = partitionOf[i];
            if (indices[p] == null) {
                indices[p] = new int[perPartition[p]];
                packed[p] = new byte[perPartition[p] * Sha1.LENGTH];
            }
            int at = filled[p]++;
            indices[p][at] = i - 1; // -1: the file hash
            if (i == 0) {
                System.arraycopy(page.fileHash(), 0, packed[p], at * Sha1.LENGTH, Sha1.LENGTH);
            } else {
                System.arraycopy(hashes, (i - 1) * Sha1.LENGTH, packed[p], at * Sha1.LENGTH, Sha1.LENGTH);
            }
        }
        for (int p = 0; p < partitions; p++) {
            if (indices[p] != null) {
                queries.add(new LabelQuery(pageId, partitionKeys[p], indices[p], packed[p], page.eventTime()));
            }
        }
        return queries;
    }

    /** The hash an answer's index names: the file hash for -1, else that chunk's. */
    static byte[] hashAt(HashedPage page, int index) {
        return index < 0
                ? page.fileHash()
                : Arrays.copyOfRange(page.chunkHashes(), index * Sha1.LENGTH, (index + 1) * Sha1.LENGTH);
    }
}
