/**
 * The thin Flink functions of the detection topology: parse and hash (which runs the enabled signals' page parts), label match (broadcast) and the holding of pages until the labels have loaded, page alerts, per-URL contributions, neighbourhood aggregate, threshold and alerts.
 * May import the domain packages, {@code format}, {@code detection}, the {@code signal} seam, the state records of {@code stream.functions} and the versioned state serializer of {@code state} (the records' formats, {@code *Format}, live here beside their operators).
 * <p>Project imports: {@code detection}, {@code format}, {@code labels}, {@code model}, {@code page}, {@code score},
 * {@code signal}, {@code state}, {@code stream.functions}, {@code url}, {@code util}.
 */
package org.reusedetector.detection.functions;
