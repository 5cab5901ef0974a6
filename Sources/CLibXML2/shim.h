// libxml2's headers would pull in the system's ICU headers, which clash with the ICU module Foundation brings;
// the ICU converter fields they add sit behind pointers Segue never follows.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
