package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.reusedetector.model.HashedPage;
import org.reusedetector.state.StateFormat;
import org.reusedetector.state.StateLayout;

/**
 * The state format of {@link HashedPage} in the pages that {@link HoldUntilLabelsLoaded} holds until the labels have
 * loaded (list states {@code <name>} and {@code <name>-spilled}). Version 1: url (string), event time (long), file
 * hash, chunk hashes (bytes), chunk lengths (ints), body bytes (int), I-Match signatures (bytes), shingles (longs),
 * near-copy resemblance (double), near copy of (string), quilt grams (longs).
 */
public final class HashedPageFormat implements StateFormat<HashedPage> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "hashed-page";

    static final int V1 = 1;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int getVersion() {
        return V1;
    }

    @Override
    public Class<HashedPage> type() {
        return HashedPage.class;
    }

    /** Earlier jobs held the pages as POJOs of the same class. */
    @Override
    public Class<?> pojoPredecessor() {
        return HashedPage.class;
    }

    @Override
    public byte[] serialize(HashedPage page) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        StateLayout.writeString(page.url(), out);
        out.writeLong(page.eventTime());
        StateLayout.writeBytes(page.fileHash(), out);
        StateLayout.writeBytes(page.chunkHashes(), out);
        StateLayout.writeInts(page.chunkLengths(), out);
        out.writeInt(page.bodyBytes());
        StateLayout.writeBytes(page.imatchSignatures(), out);
        StateLayout.writeLongs(page.shingles(), out);
        out.writeDouble(page.nearCopyResemblance());
        StateLayout.writeString(page.nearCopyOf(), out);
        StateLayout.writeLongs(page.quiltGrams(), out);
        return out.getCopyOfBuffer();
    }

    @Override
    public HashedPage deserialize(int version, byte[] bytes) throws IOException {
        if (version != V1) {
            throw new IOException("unknown version " + version + " of " + NAME);
        }
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        return new HashedPage(
                StateLayout.readString(in),
                in.readLong(),
                StateLayout.readBytes(in),
                StateLayout.readBytes(in),
                StateLayout.readInts(in),
                in.readInt(),
                StateLayout.readBytes(in),
                StateLayout.readLongs(in),
                in.readDouble(),
                StateLayout.readString(in),
                StateLayout.readLongs(in));
    }
}
