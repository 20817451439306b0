/**
 * The thin Flink functions of the detection topology: parse and hash (which runs the enabled signals' page parts), label match (broadcast) and the holding of pages until the labels have loaded, page alerts, per-URL contributions, neighbourhood aggregate, threshold and alerts.
 * May import the domain packages, {@code format}, {@code detection}, the {@code signal} seam, and the versioned state serializer of {@code state}. Its keyed-state records ({@code UrlContribution}, {@code NeighbourhoodState}, {@code NeighbourhoodVerdict}) and their formats ({@code *Format}) live here beside their operators; checkpoints name the formats, not the classes.
 * In the keyed label mode ({@code labels.mode: KEYED}) the label match is five functions instead: route labels, split
 * pages, label partitions, sum source counts and the join per page (see {@code labels.keyed}).
 * <p>Project imports: {@code detection}, {@code format}, {@code labels}, {@code labels.keyed}, {@code model}, {@code page}, {@code score},
 * {@code signal}, {@code state}, {@code url}, {@code util}.
 */
package org.reusedetector.detection.functions;
