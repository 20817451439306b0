/**
 * The near-copy signal in the detection jobs: its page part ({@code NearCopyPageSignal}, the min-hash sketch of the
 * parse step's words), its matcher ({@code MatchNearCopies}, before the label match) and its {@code NearCopySignal},
 * which adds it to the topology. Sketches, the LSH index and {@code shingle} labels are in {@code shingle}, which
 * labelling shares. A plug-in of the detection topology: may import {@code detection},
 * {@code detection.functions}, the domain packages and {@code format}; no other signal's package. Only the matcher and
 * {@code NearCopySignal} use Flink.
 * <p>Project imports: {@code detection}, {@code detection.functions}, {@code format}, {@code model}, {@code shingle}.
 */
package org.reusedetector.signal.nearcopy;
