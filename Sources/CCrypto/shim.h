// SHA-256 from OpenSSL's libcrypto (libssl-dev), which uses the CPU's SHA instructions where it has them.
#ifndef WIDGET_I18N_CCRYPTO_SHIM_H
#define WIDGET_I18N_CCRYPTO_SHIM_H

#include <openssl/evp.h>

#endif
