package org.reusedetector.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;
import java.util.Optional;

/**
 * The marker a run writes to every partition of the labels topic before it starts scoring:
 * {@code {"op":"snapshot","run":"<run id>","partition":<p>}} with key {@code __snapshot__:<p>}.
 *
 * <p>Why: the job reads the labels topic from the beginning and must not score pages before the labels that
 * existed at its start are loaded. Once it has seen the marker of its own run on every partition, everything
 * written before is in. End offsets cannot tell, because compaction and transaction markers leave gaps;
 * markers can. The key is the same for every run, so compaction keeps only the latest marker per partition.
 * Label consumers skip markers with {@link #isMarker(String)} before {@link LabelCodec#parse(String)}.
 *
 * @param run the run id
 * @param partition the labels-topic partition the marker was written to
 */
public record SnapshotMarker(String run, int partition) {

    public static final String OP = "snapshot";
    public static final String KEY_PREFIX = "__snapshot__:";

    public SnapshotMarker {
        Objects.requireNonNull(run, "run");
        if (partition < 0) {
            throw new IllegalArgumentException("negative partition " + partition);
        }
    }

    /** The record key: {@code __snapshot__:<partition>}. */
    public String key() {
        return KEY_PREFIX + partition;
    }

    /** The record value, fields in this order: {@code {"op":"snapshot","run":"...","partition":p}}. */
    public String toJson() {
        ObjectNode node = Json.MAPPER.createObjectNode();
        node.put("op", OP);
        node.put("run", run);
        node.put("partition", partition);
        return node.toString();
    }

    /** Whether a record value of the labels topic is a marker rather than a label. */
    public static boolean isMarker(String json) {
        return parse(json).isPresent();
    }

    /** The marker a record value holds, or empty when it is no marker (a label, or anything else). */
    public static Optional<SnapshotMarker> parse(String json) {
        // labels are the common case: avoid building a tree for them
        if (json == null || !json.contains("\"" + OP + "\"")) {
            return Optional.empty();
        }
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
        if (node == null
                || !OP.equals(node.path("op").asText(null))
                || !node.path("run").isTextual()
                || !node.path("partition").canConvertToInt()
                || !node.path("partition").isIntegralNumber()
                || node.path("partition").intValue() < 0) {
            return Optional.empty();
        }
        return Optional.of(new SnapshotMarker(
                node.get("run").textValue(), node.get("partition").intValue()));
    }
}
