/**
 * The near-duplicate signal in the detection jobs: its page part ({@code ImatchPageSignal}, the I-Match signer in the
 * parse step's pass), its matcher ({@code MatchNearDuplicates}), the host's corroboration ({@code CorroborateNearDuplicates})
 * and its {@code ImatchSignal}, which adds them to the topology. The I-Match method itself (lexicons, signatures, clustering for {@code near-dups}) is in {@code imatch}.
 * A plug-in of the detection topology: may import {@code detection}, {@code detection.functions}, the
 * domain packages and {@code format}; no other signal's package. Only the matcher, the corroboration and
 * {@code ImatchSignal} use Flink.
 * <p>Project imports: {@code detection}, {@code detection.functions}, {@code format}, {@code imatch}, {@code model},
 * {@code shingle}, {@code url}.
 */
package org.reusedetector.signal.imatch;
