package org.reusedetector.detection.functions;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.reusedetector.model.Copy;
import org.reusedetector.model.Evidence;
import org.reusedetector.model.PrefixScore;
import org.reusedetector.model.SourceChunks;
import org.reusedetector.state.StateLayout;

/**
 * The layouts of the model records inside the detection state formats. They belong to every format that uses them: a
 * change here is a new version of each such format, whose earlier versions keep reading with the layout as it was
 * (copy the method under the old version's name before changing it).
 */
final class RecordLayouts {

    private RecordLayouts() {}

    static void writeEvidence(Evidence[] evidence, DataOutputView out) throws IOException {
        StateLayout.writeLength(evidence, out);
        if (evidence != null) {
            for (Evidence e : evidence) {
                out.writeBoolean(e != null);
                if (e != null) {
                    StateLayout.writeString(e.hash(), out);
                    StateLayout.writeString(e.kind(), out);
                    StateLayout.writeString(e.source(), out);
                    StateLayout.writeString(e.exampleUrl(), out);
                }
            }
        }
    }

    static Evidence[] readEvidence(DataInputView in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        Evidence[] evidence = new Evidence[length];
        for (int i = 0; i < length; i++) {
            if (in.readBoolean()) {
                evidence[i] = new Evidence(
                        StateLayout.readString(in),
                        StateLayout.readString(in),
                        StateLayout.readString(in),
                        StateLayout.readString(in));
            }
        }
        return evidence;
    }

    static void writeCopies(Copy[] copies, DataOutputView out) throws IOException {
        StateLayout.writeLength(copies, out);
        if (copies != null) {
            for (Copy c : copies) {
                out.writeBoolean(c != null);
                if (c != null) {
                    StateLayout.writeString(c.source(), out);
                    out.writeDouble(c.coverage());
                    out.writeLong(c.chunks());
                    out.writeLong(c.sourceChunks());
                    StateLayout.writeString(c.exampleUrl(), out);
                }
            }
        }
    }

    static Copy[] readCopies(DataInputView in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        Copy[] copies = new Copy[length];
        for (int i = 0; i < length; i++) {
            if (in.readBoolean()) {
                copies[i] = new Copy(
                        StateLayout.readString(in),
                        in.readDouble(),
                        in.readLong(),
                        in.readLong(),
                        StateLayout.readString(in));
            }
        }
        return copies;
    }

    static void writeSourceChunks(SourceChunks[] sources, DataOutputView out) throws IOException {
        StateLayout.writeLength(sources, out);
        if (sources != null) {
            for (SourceChunks s : sources) {
                out.writeBoolean(s != null);
                if (s != null) {
                    StateLayout.writeString(s.source(), out);
                    out.writeLong(s.sourceChunks());
                    StateLayout.writeString(s.exampleUrl(), out);
                    StateLayout.writeLongs(s.chunks(), out);
                    StateLayout.writeInts(s.counts(), out);
                }
            }
        }
    }

    static SourceChunks[] readSourceChunks(DataInputView in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        SourceChunks[] sources = new SourceChunks[length];
        for (int i = 0; i < length; i++) {
            if (in.readBoolean()) {
                sources[i] = new SourceChunks(
                        StateLayout.readString(in),
                        in.readLong(),
                        StateLayout.readString(in),
                        StateLayout.readLongs(in),
                        StateLayout.readInts(in));
            }
        }
        return sources;
    }

    /** A score or {@code null}. */
    static void writeScore(PrefixScore score, DataOutputView out) throws IOException {
        out.writeBoolean(score != null);
        if (score != null) {
            StateLayout.writeString(score.prefix(), out);
            out.writeLong(score.pages());
            out.writeDouble(score.badness());
            out.writeLong(score.previousPages());
            out.writeDouble(score.previousBadness());
            out.writeLong(score.eventTime());
            writeEvidence(score.evidence(), out);
            out.writeDouble(score.threshold());
            out.writeDouble(score.upper());
            writeCopies(score.copies(), out);
            out.writeDouble(score.lower());
        }
    }

    static PrefixScore readScore(DataInputView in) throws IOException {
        if (!in.readBoolean()) {
            return null;
        }
        return new PrefixScore(
                StateLayout.readString(in),
                in.readLong(),
                in.readDouble(),
                in.readLong(),
                in.readDouble(),
                in.readLong(),
                readEvidence(in),
                in.readDouble(),
                in.readDouble(),
                readCopies(in),
                in.readDouble());
    }
}
