//===- NvccAsmDialectTest.cpp - Inline PTX as nvcc reads it ---------------===//

#include "gpurd/Frontend/NvccAsmDialect.h"

#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

namespace gpurd {
namespace {

std::string escaped(llvm::StringRef source) {
  return escapePtxRegistersInAsm(source).value_or("(unchanged)");
}

TEST(NvccAsmDialect, SpecialRegistersInAsmTemplatesGetADoublePercent) {
  EXPECT_EQ(escaped(R"(asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));)"),
            R"(asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));)");
  EXPECT_EQ(escaped(R"(__asm__("mov.u32 %0, %laneid;" : "=r"(l));)"),
            R"(__asm__("mov.u32 %0, %%laneid;" : "=r"(l));)");
  // Adjacent literals, a vector register's component, numbered and
  // multi-digit registers.
  EXPECT_EQ(escaped("asm (\"mov.u32 %0, %tid.x;\"\n     \"mov.u32 %1, "
                    "%envreg12; mov.u32 %2, %pm3_64;\" : ...);"),
            "asm (\"mov.u32 %0, %%tid.x;\"\n     \"mov.u32 %1, "
            "%%envreg12; mov.u32 %2, %%pm3_64;\" : ...);");
}

TEST(NvccAsmDialect, WhatClangAlreadyAcceptsIsLeftAlone) {
  // Operands, escaped registers, named operands and modifiers.
  EXPECT_EQ(escaped(R"(asm("mov.u32 %0, %%laneid; add %[x], %c1;" : ...);)"),
            "(unchanged)");
  // Not an asm template: a format string, a comment, an operand's
  // constraint, a string after the template.
  EXPECT_EQ(escaped(R"(printf("%laneid"); // asm("%laneid")
/* asm("%smid") */ asm("nop;" : : "r"("%smid"));)"),
            "(unchanged)");
  // An unknown name is not a register: Clang's error stays.
  EXPECT_EQ(escaped(R"(asm("mov.u32 %0, %notareg;" : "=r"(x));)"),
            "(unchanged)");
  // `asm` inside a longer identifier.
  EXPECT_EQ(escaped(R"(my_asm("%laneid");)"), "(unchanged)");
}

TEST(NvccAsmDialect, TheFileSystemServesTheRewrittenText) {
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  const char *source = R"(asm("mov.u32 %0, %smid;" : "=r"(s));)";
  memory->addFile("/k.cu", 0, llvm::MemoryBuffer::getMemBuffer(source));
  memory->addFile("/plain.cu", 0, llvm::MemoryBuffer::getMemBuffer("int x;"));
  auto fs = createNvccAsmDialectFileSystem(memory);
  // One more byte, and the status says so (Clang checks the two agree).
  auto status = fs->status("/k.cu");
  ASSERT_TRUE(bool(status));
  EXPECT_EQ(status->getSize(), llvm::StringRef(source).size() + 1);
  auto buffer = fs->getBufferForFile("/k.cu");
  ASSERT_TRUE(bool(buffer));
  EXPECT_EQ((*buffer)->getBuffer(), R"(asm("mov.u32 %0, %%smid;" : "=r"(s));)");
  buffer = fs->getBufferForFile("/plain.cu");
  ASSERT_TRUE(bool(buffer));
  EXPECT_EQ((*buffer)->getBuffer(), "int x;");
  EXPECT_FALSE(bool(fs->status("/missing.cu")));
}

} // namespace
} // namespace gpurd
