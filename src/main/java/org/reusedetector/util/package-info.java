/**
 * Small helpers without a domain: the terminal progress display.
 * Imports nothing of the project.
 */
package org.reusedetector.util;
