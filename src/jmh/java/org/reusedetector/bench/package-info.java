/**
 * JMH micro-benchmarks of the per-page and per-hash work: the chunker, the page hasher (with and without the
 * signals' page parts), the I-Match signer and the shingle sketcher, and label lookups. Compiled with the tests in
 * every build, so that they keep compiling; run from the jar of the {@code jmh} profile (see docs/benchmarks.md). The
 * whole jobs are measured by the {@code benchmark} command instead.
 */
package org.reusedetector.bench;
