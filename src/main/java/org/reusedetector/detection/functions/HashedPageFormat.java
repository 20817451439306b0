package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.model.CopyMark;
import org.reusedetector.model.HashedPage;
import org.reusedetector.model.ResultKey;
import org.reusedetector.model.SignalResult;
import org.reusedetector.state.AbstractStateFormat;
import org.reusedetector.state.StateLayout;

/**
 * The state format of {@link HashedPage} in the pages that {@link HoldUntilLabelsLoaded} holds until the labels have
 * loaded (list states {@code <name>} and {@code <name>-spilled}). Version 2: url (string), event time (long), file
 * hash, chunk hashes (bytes), chunk lengths (ints), body bytes (int), then the signal results: their count (int) and
 * each one's name (string) and value (bytes). Version 1, still read, had I-Match signatures (bytes), shingles (longs),
 * near-copy resemblance (double), near copy of (string) and quilt grams (longs) in place of the results.
 */
public final class HashedPageFormat extends AbstractStateFormat<HashedPage> {

    private static final long serialVersionUID = 1L;

    /** In checkpoints: never change it. */
    public static final String NAME = "hashed-page";

    static final int V1 = 1;
    static final int V2 = 2;

    public HashedPageFormat() {
        super(NAME, V2, HashedPage.class);
    }

    @Override
    protected void write(HashedPage page, DataOutputView out) throws IOException {
        StateLayout.writeString(page.url(), out);
        out.writeLong(page.eventTime());
        StateLayout.writeBytes(page.fileHash(), out);
        StateLayout.writeBytes(page.chunkHashes(), out);
        StateLayout.writeInts(page.chunkLengths(), out);
        out.writeInt(page.bodyBytes());
        out.writeInt(page.results().length);
        for (SignalResult result : page.results()) {
            StateLayout.writeString(result.name(), out);
            StateLayout.writeBytes(result.value(), out);
        }
    }

    @Override
    protected HashedPage read(int version, DataInputView in) throws IOException {
        HashedPage page = new HashedPage(
                StateLayout.readString(in),
                in.readLong(),
                StateLayout.readBytes(in),
                StateLayout.readBytes(in),
                StateLayout.readInts(in),
                in.readInt());
        return version == V1 ? withV1Results(page, in) : withResults(page, in);
    }

    private static HashedPage withResults(HashedPage page, DataInputView in) throws IOException {
        int count = in.readInt();
        SignalResult[] results = new SignalResult[count];
        for (int i = 0; i < count; i++) {
            results[i] = new SignalResult(StateLayout.readString(in), StateLayout.readBytes(in));
        }
        return new HashedPage(
                page.url(),
                page.eventTime(),
                page.fileHash(),
                page.chunkHashes(),
                page.chunkLengths(),
                page.bodyBytes(),
                results);
    }

    /**
     * Version 1 had a component per signal; each becomes the result its signal now puts on the page under its key's
     * name (names are in checkpoints and never change, so they are written out here rather than imported).
     */
    private static HashedPage withV1Results(HashedPage page, DataInputView in) throws IOException {
        byte[] signatures = StateLayout.readBytes(in);
        long[] sketch = StateLayout.readLongs(in);
        double resemblance = in.readDouble();
        String nearCopyOf = StateLayout.readString(in);
        StateLayout.readLongs(in); // the grams of the retired stream quilt signal: read past
        HashedPage out = page;
        if (signatures != null && signatures.length > 0) {
            out = out.with(ResultKey.bytes("imatch.signatures"), signatures);
        }
        if (sketch != null && sketch.length > 0) {
            out = out.with(ResultKey.longs("near-copy.sketch"), sketch);
        }
        if (nearCopyOf != null && resemblance > 0) {
            out = out.with(CopyMark.KEY, new CopyMark(nearCopyOf, resemblance));
        }
        return out;
    }
}
