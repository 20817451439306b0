/**
 * The near-copy signal in the detection jobs: its page part ({@code NearCopyPageSignal}, the sampled word phrases of the
 * parse step's words), its matcher ({@code MatchNearCopies}, before the label match), the host's corroboration
 * ({@code CorroborateNearCopies}) and its {@code NearCopySignal}, which adds them to the topology. Phrases, the index and
 * {@code shingle} labels are in {@code shingle}, which labelling shares. A plug-in of the detection topology: may import {@code detection},
 * {@code detection.functions}, the domain packages and {@code format}; no other signal's package. Only the matcher, the
 * corroboration and {@code NearCopySignal} use Flink.
 * <p>Project imports: {@code detection}, {@code detection.functions}, {@code format}, {@code model}, {@code shingle}, {@code url}.
 */
package org.reusedetector.signal.nearcopy;
