package org.reusedetector.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.Locale;
import org.reusedetector.model.Label;
import org.reusedetector.page.Sha1;

/** Label records as JSON lines (files and the labels topic), validated on the way in. */
public final class LabelCodec {

    private LabelCodec() {}

    /** Parses and validates one label record; {@code op} defaults to {@code add}. */
    public static Label parse(String json) throws IllegalArgumentException {
        Label raw;
        try {
            raw = Json.read(json, Label.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("invalid label JSON: " + e.getOriginalMessage());
        }
        if (raw == null || raw.hash() == null) {
            throw new IllegalArgumentException("label without 'hash'");
        }
        String hash = raw.hash().trim().toLowerCase(Locale.ROOT);
        Sha1.fromHex(hash);
        String kind = raw.kind() == null ? Label.KIND_CHUNK : raw.kind();
        Label.requireKind(kind);
        String op = raw.op() == null ? Label.OP_ADD : raw.op();
        if (!Label.OP_ADD.equals(op) && !Label.OP_REMOVE.equals(op)) {
            throw new IllegalArgumentException("unknown label op '" + op + "' (add or remove)");
        }
        return new Label(
                hash,
                kind,
                op,
                raw.source(),
                raw.exampleUrl(),
                raw.count(),
                raw.hosts(),
                raw.text(),
                raw.family(),
                raw.familySource());
    }

    public static String write(Label label) {
        return Json.write(label);
    }

    /**
     * Kafka key of a label on the compacted topic: one live record per hash and kind, and, for blind discovery's
     * labels, apart from every other source's ({@code discover:kind:hash}), so that neither replaces the other.
     */
    public static String key(Label label) {
        return (Label.isDiscovered(label) ? Label.DISCOVERED_SOURCE_PREFIX : "") + label.kind() + ":" + label.hash();
    }

    /** The remove record a tombstone stands for, from its key; {@code null} when the key is not a label key. */
    public static Label removalOf(String key) {
        String source = null;
        if (key.startsWith(Label.DISCOVERED_SOURCE_PREFIX)) {
            source = Label.DISCOVERED_SOURCE_PREFIX;
            key = key.substring(Label.DISCOVERED_SOURCE_PREFIX.length());
        }
        int colon = key.indexOf(':');
        if (colon <= 0) {
            return null;
        }
        return new Label(
                key.substring(colon + 1), key.substring(0, colon), Label.OP_REMOVE, source, null, null, null, null);
    }
}
