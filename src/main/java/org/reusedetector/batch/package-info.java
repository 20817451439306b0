/**
 * The batch jobs' inputs ({@code BatchInputs}), the backfill ({@code detect}) and index workflows, and the backfill's typed output files.
 * May import {@code detection}, {@code connector}, {@code index}, {@code format} and the domain packages; never {@code discover}, {@code stream} or {@code cli}.
 */
package org.reusedetector.batch;
