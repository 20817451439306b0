/**
 * Small helpers without a domain: the terminal progress display, strings as valid Unicode.
 * Imports nothing of the project.
 * <p>Project imports: none.
 */
package org.reusedetector.util;
