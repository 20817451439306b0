/**
 * The batch jobs' inputs ({@code BatchInputs}), the backfill ({@code detect}) and index workflows, and the backfill's typed output files.
 * May import {@code detection}, {@code connector}, {@code index}, {@code format} and the domain packages; never {@code discover}, {@code stream} or {@code cli}.
 * <p>Project imports: {@code connector}, {@code detection}, {@code format}, {@code index}, {@code model},
 * {@code score}, {@code page}, {@code signal}, {@code url}, {@code labels}, {@code util}.
 */
package org.reusedetector.batch;
