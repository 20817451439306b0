package org.reusedetector.detection.functions;

import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.Types;

/** The broadcast state that holds the labelled set (see {@link org.reusedetector.labels.LabelIndex}). */
public final class LabelState {
    private LabelState() {}

    /** Buckets of 14-byte entries (96-bit hash identity; see {@link org.reusedetector.labels.LabelIndex}). */
    public static final MapStateDescriptor<Integer, byte[]> BUCKETS = new MapStateDescriptor<>(
            "label-buckets-14", Types.INT, PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO);

    public static final MapStateDescriptor<Integer, String> ORIGINS =
            new MapStateDescriptor<>("label-origins", Types.INT, Types.STRING);
    public static final MapStateDescriptor<String, Integer> ORIGIN_IDS =
            new MapStateDescriptor<>("label-origin-ids", Types.STRING, Types.INT);
    /** {@code ready} → the run whose start snapshot is in; {@code marker:<partition>} → the run of the marker seen there. */
    public static final MapStateDescriptor<String, String> SNAPSHOT =
            new MapStateDescriptor<>("label-snapshot", Types.STRING, Types.STRING);

    public static final String READY = "ready";
}
