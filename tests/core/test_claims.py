"""The claim <-> DIMACS variable bijection."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from satdoku.core._claims import Claim, claim_of, variable


@given(
    st.integers(1, 70).flatmap(
        lambda n: st.tuples(
            st.just(n), st.integers(0, n - 1), st.integers(0, n - 1), st.integers(1, n)
        )
    )
)
def test_variable_and_claim_of_are_inverse(case: tuple[int, int, int, int]) -> None:
    n, row, col, digit = case
    var = variable(Claim(row, col, digit), n)
    assert 1 <= var <= n**3
    assert claim_of(var, n) == Claim(row, col, digit)


@pytest.mark.parametrize("n", [1, 2, 4, 9, 16, 25])
def test_variables_cover_one_to_n_cubed_once(n: int) -> None:
    seen = sorted(
        variable(Claim(r, c, d), n) for r in range(n) for c in range(n) for d in range(1, n + 1)
    )
    assert seen == list(range(1, n**3 + 1))


def test_formula_of_the_issue() -> None:
    assert variable(Claim(2, 4, 7), 9) == 2 * 81 + 4 * 9 + 7


@pytest.mark.parametrize("var", [0, 730, -1])
def test_claim_of_rejects_out_of_range(var: int) -> None:
    with pytest.raises(ValueError, match="1..729"):
        claim_of(var, 9)
